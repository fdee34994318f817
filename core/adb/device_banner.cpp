#include "core/adb/device_banner.h"

namespace mxi::core::adb {

std::set<std::string> parseFeatureList(std::string_view list) {
  std::set<std::string> out;
  while (!list.empty()) {
    const size_t comma = list.find(',');
    std::string_view item = list.substr(0, comma);
    if (!item.empty()) out.emplace(item);
    if (comma == std::string_view::npos) break;
    list.remove_prefix(comma + 1);
  }
  return out;
}

std::string joinFeatures(const std::set<std::string>& features) {
  std::string out;
  for (const auto& f : features) {
    if (!out.empty()) out += ',';
    out += f;
  }
  return out;
}

DeviceBanner parseDeviceBanner(std::string_view banner) {
  DeviceBanner out;
  // The payload is NUL-terminated on the wire by some peers.
  if (const size_t nul = banner.find('\0'); nul != std::string_view::npos) banner = banner.substr(0, nul);
  const size_t sep = banner.find("::");
  out.state = std::string(banner.substr(0, sep == std::string_view::npos ? banner.find(':') : sep));
  if (sep == std::string_view::npos) return out;
  std::string_view rest = banner.substr(sep + 2);
  while (!rest.empty()) {
    const size_t semi = rest.find(';');
    const std::string_view field = rest.substr(0, semi);
    const size_t eq = field.find('=');
    if (eq != std::string_view::npos) {
      const std::string key(field.substr(0, eq));
      const std::string_view value = field.substr(eq + 1);
      if (key == "features") {
        out.features = parseFeatureList(value);
      } else {
        out.properties[key] = std::string(value);
      }
    }
    if (semi == std::string_view::npos) break;
    rest.remove_prefix(semi + 1);
  }
  return out;
}

std::string formatDeviceBanner(const DeviceBanner& banner) {
  std::string out = banner.state + "::";
  for (const auto& [key, value] : banner.properties) out += key + "=" + value + ";";
  out += "features=" + joinFeatures(banner.features);
  return out;
}

}  // namespace mxi::core::adb
