// A typed resource value (Res_value in androidfw ResourceTypes.h): in compiled XML attributes
// and in resources.arsc entries.
#pragma once

#include <cstdint>
#include <string>

namespace mxi::core::androidres {

struct ResValue {
  enum Type : uint8_t {
    kNull = 0x00,
    kReference = 0x01,
    kAttribute = 0x02,
    kString = 0x03,
    kFloat = 0x04,
    kDimension = 0x05,
    kFraction = 0x06,
    kDynamicReference = 0x07,
    kIntDec = 0x10,
    kIntHex = 0x11,
    kIntBoolean = 0x12,
    kIntColorArgb8 = 0x1c,
    kIntColorRgb8 = 0x1d,
    kIntColorArgb4 = 0x1e,
    kIntColorRgb4 = 0x1f,
  };
  uint8_t type = kNull;
  uint32_t data = 0;
  std::string string;  // kString: the text (also an XML attribute's raw value when it has one)

  // As aapt prints it: the string, "@0x7f050026" (a reference), "?0x01010098" (an attribute),
  // "true", "-1" (decimal), "0x7f" (hex), "12.0dip" / "1.5sp" / "50.0%" (aapt 1's unit names),
  // "1.5" (float), "#ff00ff00" / "#336699" (colors), "" (null); an unknown type "(type 0x42)0x7".
  std::string toString() const;
};

}  // namespace mxi::core::androidres
