#include "core/adb/device_list.h"

#include <charconv>

#include "core/base/text_lines.h"

namespace mxi::core::adb {

namespace {

// A known "key:value" field ends the state, which may contain spaces ("no permissions (…)").
bool isField(std::string_view token) {
  for (std::string_view key : {"usb:", "product:", "model:", "device:", "transport_id:"}) {
    if (token.substr(0, key.size()) == key) return true;
  }
  return false;
}

}  // namespace

std::vector<DeviceListEntry> parseDeviceList(std::string_view text) {
  std::vector<DeviceListEntry> out;
  while (!text.empty()) {
    const size_t eol = text.find('\n');
    std::string_view line = text.substr(0, eol);
    text.remove_prefix(eol == std::string_view::npos ? text.size() : eol + 1);
    if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
    const auto tokens = text::splitWhitespace(line);
    if (tokens.size() < 2) continue;
    DeviceListEntry e;
    e.serial = std::string(tokens[0]);
    size_t i = 1;
    e.state = std::string(tokens[i++]);
    while (i < tokens.size() && !isField(tokens[i])) e.state += " " + std::string(tokens[i++]);
    for (; i < tokens.size(); ++i) {
      const std::string_view t = tokens[i];
      const size_t colon = t.find(':');
      if (colon == std::string_view::npos) continue;
      const std::string_view key = t.substr(0, colon), value = t.substr(colon + 1);
      if (key == "product")
        e.product = std::string(value);
      else if (key == "model")
        e.model = std::string(value);
      else if (key == "device")
        e.device = std::string(value);
      else if (key == "usb")
        e.usb = std::string(value);
      else if (key == "transport_id")
        std::from_chars(value.data(), value.data() + value.size(), e.transportId);
    }
    out.push_back(std::move(e));
  }
  return out;
}

}  // namespace mxi::core::adb
