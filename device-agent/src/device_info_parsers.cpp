#include "device-agent/src/device_info_parsers.h"

#include <algorithm>
#include <cmath>
#include <cstdlib>

#include "core/base/text_lines.h"

namespace mxi::agent {

using namespace core::text;

namespace {

// A decimal like "60.000004" at the start of s → millihertz.
std::optional<uint32_t> parseHz(std::string_view s) {
  size_t n = 0;
  while (n < s.size() && ((s[n] >= '0' && s[n] <= '9') || s[n] == '.')) ++n;
  if (n == 0) return std::nullopt;
  const std::string num(s.substr(0, n));
  const double hz = std::strtod(num.c_str(), nullptr);
  if (!(hz >= 1.0 && hz <= 1000.0)) return std::nullopt;
  return static_cast<uint32_t>(std::lround(hz * 1000.0));
}

std::optional<int64_t> intAfter(std::string_view text, std::string_view key) {
  const size_t at = text.find(key);
  if (at == std::string_view::npos) return std::nullopt;
  size_t i = at + key.size(), j = i;
  while (j < text.size() && text[j] >= '0' && text[j] <= '9') ++j;
  return parseInt(text.substr(i, j - i));
}

}  // namespace

std::map<std::string, std::string> parseGetprop(std::string_view text) {
  std::map<std::string, std::string> props;
  forEachLine(text, [&](std::string_view line) {
    if (!line.starts_with('[')) return;
    const size_t close = line.find("]: [");
    if (close == std::string_view::npos || !line.ends_with(']')) return;
    props.emplace(std::string(line.substr(1, close - 1)), std::string(line.substr(close + 4, line.size() - close - 5)));
  });
  return props;
}

std::optional<uint32_t> parseDisplayRefreshMilliHz(std::string_view text) {
  std::optional<int64_t> active = intAfter(text, "mActiveModeId=");
  if (!active) active = intAfter(text, ", modeId ");
  if (active) {
    const std::string key = "{id=" + std::to_string(*active) + ",";
    size_t at = text.find(key);
    if (at != std::string_view::npos) {
      const size_t end = text.find('}', at);
      const std::string_view mode = text.substr(at, end == std::string_view::npos ? std::string_view::npos : end - at);
      const size_t fps = mode.find("fps=");
      if (fps != std::string_view::npos) {
        if (auto hz = parseHz(mode.substr(fps + 4))) return hz;
      }
    }
  }
  for (std::string_view key :
       {std::string_view("fps="), std::string_view("mRefreshRate="), std::string_view("refreshRate ")}) {
    const size_t at = text.find(key);
    if (at != std::string_view::npos) {
      if (auto hz = parseHz(text.substr(at + key.size()))) return hz;
    }
  }
  return std::nullopt;
}

std::optional<uint32_t> parseSurfaceFlingerRefreshMilliHz(std::string_view text) {
  const size_t at = text.find("refresh-rate");
  if (at == std::string_view::npos) return std::nullopt;
  const size_t colon = text.find(':', at);
  if (colon == std::string_view::npos) return std::nullopt;
  return parseHz(trim(text.substr(colon + 1, 32)));
}

}  // namespace mxi::agent
