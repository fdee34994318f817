#include "core/startup/launcher_activity.h"

#include "core/base/text_lines.h"

namespace mxi::core::startup {
namespace {

// A Java name as a package or class part holds letters, digits, '_', '$' and dots.
bool isNamePart(std::string_view s) {
  if (s.empty()) return false;
  for (char c : s) {
    const bool ok =
        (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_' || c == '$' || c == '.';
    if (!ok) return false;
  }
  return true;
}

}  // namespace

std::optional<std::string> parseResolvedActivity(std::string_view resolveActivityBriefOutput) {
  std::string_view last;
  text::forEachLine(resolveActivityBriefOutput, [&](std::string_view line) {
    line = text::trim(line);
    if (!line.empty()) last = line;
  });
  const size_t slash = last.find('/');
  if (slash == std::string_view::npos || last.find('/', slash + 1) != std::string_view::npos) return std::nullopt;
  const std::string_view package = last.substr(0, slash), cls = last.substr(slash + 1);
  if (!isNamePart(package) || package.front() == '.' || !isNamePart(cls) || cls == ".") return std::nullopt;
  return std::string(last);
}

}  // namespace mxi::core::startup
