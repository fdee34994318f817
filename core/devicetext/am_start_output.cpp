#include "core/devicetext/am_start_output.h"

#include "core/base/text_lines.h"

namespace mxi::core::devicetext {

AmStartResult parseAmStartOutput(std::string_view text) {
  AmStartResult r;
  text::forEachLine(text, [&](std::string_view line) {
    line = text::trim(line);
    const size_t colon = line.find(':');
    if (colon == std::string_view::npos) return;
    const std::string_view key = line.substr(0, colon), value = text::trim(line.substr(colon + 1));
    if (key == "Status") {
      r.status = value;
    } else if (key == "LaunchState") {
      r.launchState = value;
    } else if (key == "Activity") {
      r.activity = value;
    } else if (key == "TotalTime") {
      r.totalTimeMs = text::parseInt(value);
    } else if (key == "WaitTime") {
      r.waitTimeMs = text::parseInt(value);
    }
  });
  return r;
}

}  // namespace mxi::core::devicetext
