#include "core/androidres/res_value.h"

#include <bit>
#include <charconv>

namespace mxi::core::androidres {

namespace {

// Shortest text that reads back as `value`, with ".0" on whole numbers: "12.0", "1.5".
std::string floatText(float value) {
  char buf[32];
  const auto [end, ec] = std::to_chars(buf, buf + sizeof buf, value);
  std::string text(buf, ec == std::errc() ? end : buf);
  if (text.find_first_of(".en") == std::string::npos) text += ".0";
  return text;
}

// A "complex" (dimension or fraction): a signed 24-bit mantissa and a radix saying where its
// binary point is (androidfw Res_value COMPLEX_*).
float complexValue(uint32_t data) {
  static constexpr float kRadixScale[4] = {1.0f / (1 << 8), 1.0f / (1 << 15), 1.0f / (1 << 23), 1.0f / (1u << 31)};
  const auto mantissa = static_cast<int32_t>(data & 0xffffff00u);
  return static_cast<float>(mantissa) * kRadixScale[(data >> 4) & 3];
}

// Lowercase hex of `value`, zero-padded to `digits`.
std::string hex(uint32_t value, int digits) {
  static constexpr char kDigits[] = "0123456789abcdef";
  std::string text;
  for (; value != 0 || digits > 0; value >>= 4, --digits) text.insert(text.begin(), kDigits[value & 0xf]);
  return text.empty() ? "0" : text;
}

}  // namespace

// aapt's spellings: units as aapt1 names them ("dip", not aapt2's "dp"); colors as #aarrggbb or
// #rrggbb; a type it does not know as "(type 0xNN)0xDATA".
std::string ResValue::toString() const {
  switch (type) {
    case kNull: return "";
    case kReference:
    case kDynamicReference: return "@0x" + hex(data, 8);
    case kAttribute: return "?0x" + hex(data, 8);
    case kString: return string;
    case kFloat: return floatText(std::bit_cast<float>(data));
    case kDimension: {
      static constexpr const char* kUnits[16] = {"px", "dip", "sp", "pt", "in", "mm"};
      const char* unit = kUnits[data & 0xf];
      return floatText(complexValue(data)) + (unit ? unit : " (unknown unit)");
    }
    case kFraction: {
      const bool ofParent = (data & 0xf) == 1;
      return floatText(complexValue(data) * 100.0f) + (ofParent ? "%p" : "%");
    }
    case kIntDec: return std::to_string(static_cast<int32_t>(data));
    case kIntHex: return "0x" + hex(data, 1);
    case kIntBoolean: return data != 0 ? "true" : "false";
    case kIntColorArgb8:
    case kIntColorArgb4: return "#" + hex(data, 8);
    case kIntColorRgb8:
    case kIntColorRgb4: return "#" + hex(data & 0xffffff, 6);
    default: return "(type 0x" + hex(type, 2) + ")0x" + hex(data, 1);
  }
}

}  // namespace mxi::core::androidres
