#include "core/devicetext/resumed_activity.h"

#include "core/base/text_lines.h"

namespace mxi::core::devicetext {

std::optional<std::string> parseResumedActivity(std::string_view dumpsysActivities) {
  std::optional<std::string> found;
  text::forEachLine(dumpsysActivities, [&](std::string_view line) {
    if (found) return;
    const size_t at = line.find("ResumedActivity");
    if (at == std::string_view::npos) return;
    // After the name: "ActivityRecord{<hash>", "u<user>", the component, "t<task>[…]}". The
    // hash, user and task never hold a '/'; the component's package part is never empty.
    for (std::string_view word : text::splitWhitespace(line.substr(at))) {
      const size_t slash = word.find('/');
      if (slash == std::string_view::npos || slash == 0) continue;
      while (word.ends_with('}')) word.remove_suffix(1);
      found = std::string(word);
      return;
    }
  });
  return found;
}

std::string_view packageOfComponent(std::string_view component) {
  const size_t slash = component.find('/');
  return slash == std::string_view::npos ? std::string_view() : component.substr(0, slash);
}

}  // namespace mxi::core::devicetext
