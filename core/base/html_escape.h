// Text put into HTML or SVG markup (the exports' reports and charts, the APK checker's report):
// the five characters that could start markup or end an attribute, as entities.
#pragma once

#include <string>
#include <string_view>

namespace mxi::core {

inline std::string htmlEscape(std::string_view text) {
  std::string out;
  out.reserve(text.size());
  for (char c : text) {
    switch (c) {
      case '&': out += "&amp;"; break;
      case '<': out += "&lt;"; break;
      case '>': out += "&gt;"; break;
      case '"': out += "&quot;"; break;
      case '\'': out += "&#39;"; break;
      default: out += c;
    }
  }
  return out;
}

}  // namespace mxi::core
