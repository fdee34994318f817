// Android's compiled XML (AndroidManifest.xml and res/**/*.xml inside an APK: the AXML chunk
// format of frameworks/base/libs/androidfw ResourceTypes.h) read from memory into elements with
// typed attribute values. A bad chunk size, string index or offset is an error naming it.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "core/androidres/res_value.h"
#include "core/base/status.h"

namespace mxi::core::androidres {

struct XmlAttribute {
  std::string namespaceUri;  // "http://schemas.android.com/apk/res/android" or ""
  std::string name;          // "versionCode"
  uint32_t resourceId = 0;   // the attribute's id from the resource map (0: none)
  ResValue value;
};

struct XmlElement {
  std::string namespaceUri;
  std::string name;  // "manifest", "uses-permission"…
  std::vector<XmlAttribute> attributes;
  std::vector<XmlElement> children;
  uint32_t line = 0;  // the source line the compiler recorded

  const XmlAttribute* attribute(std::string_view name) const;  // by local name, any namespace
};

StatusOr<XmlElement> parseBinaryXml(std::string_view bytes);

}  // namespace mxi::core::androidres
