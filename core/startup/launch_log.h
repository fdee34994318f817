// What the phone logs about a launch, read from `logcat -d -v threadtime -v epoch -b main
// -b system -b events -b crash` after it (issue 45): ActivityTaskManager's (Android ≤ 9:
// ActivityManager's) `Displayed COMPONENT: +1s234ms` and `Fully drawn COMPONENT: +…`, the
// events buffer's `am_proc_start` for the app's process, and a crash (`am_crash`, AndroidRuntime's
// `FATAL EXCEPTION`).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace mxi::core::startup {

// "+1s234ms" → 1234, "+612ms" → 612, "+2s" → 2000 (also without '+'); nullopt otherwise.
std::optional<int64_t> parseLaunchDuration(std::string_view text);

struct LaunchLog {
  std::optional<int64_t> displayedMs, fullyDrawnMs;  // the first of each for the app's components
  std::string displayedComponent;
  bool processStarted = false;  // am_proc_start for the package
  std::string crash;            // "java.lang.IllegalStateException: boom" when the app crashed
  std::string lastStamp;        // the newest line's epoch stamp ("1700000000.123"), "" when none
};

// Reads the lines of `output` stamped strictly after `sinceStamp` (logcat's -t is inclusive, so
// the line the stamp was taken from comes again; "" reads all) for `package` (a component
// "pkg/.Main" or "pkg/pkg.Main" belongs to it). Lines that are not logcat's are skipped.
LaunchLog readLaunchLog(std::string_view output, std::string_view package, std::string_view sinceStamp);

// The newest line's stamp of `logcat -d … -t 1` output ("" when none): where the next launch's
// lines begin.
std::string lastLogStamp(std::string_view output);

}  // namespace mxi::core::startup
