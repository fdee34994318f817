// libFuzzer target for the readers of a launch (core/startup, issue 45): the launch log
// (`logcat -v threadtime -v epoch` over the main, system, events and crash buffers) read from the
// start and from the stamp of its first line, the newest stamp, each line as a `+1s234ms`
// duration, and the whole input as `cmd package resolve-activity --brief` output.
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "core/startup/launch_log.h"
#include "core/startup/launcher_activity.h"

namespace startup = mxi::core::startup;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  const std::string_view firstLine = text.substr(0, text.find('\n'));
  size_t sink = 0;
  // The seeds' app, and any text as a package; from the start, from a stamp inside the seeds and
  // from whatever the first word is.
  for (std::string_view package : {std::string_view("com.example.demo"), firstLine.substr(0, firstLine.find('/'))}) {
    for (std::string_view since :
         {std::string_view(), std::string_view("1700000000.150"), firstLine.substr(0, firstLine.find(' '))}) {
      const startup::LaunchLog log = startup::readLaunchLog(text, package, since);
      sink += static_cast<size_t>(log.displayedMs.value_or(0) + log.fullyDrawnMs.value_or(0)) +
              log.displayedComponent.size() + log.crash.size() + log.lastStamp.size() + (log.processStarted ? 1 : 0);
    }
  }
  sink += startup::lastLogStamp(text).size();
  for (size_t pos = 0; pos < text.size();) {
    const size_t end = std::min(text.find('\n', pos), text.size());
    sink += static_cast<size_t>(startup::parseLaunchDuration(text.substr(pos, end - pos)).value_or(0));
    pos = end + 1;
  }
  if (const auto activity = startup::parseResolvedActivity(text)) sink += activity->size();
  volatile size_t keep = sink;
  (void)keep;
  return 0;
}
