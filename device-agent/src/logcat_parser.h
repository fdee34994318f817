// Parsing of `logcat -v threadtime -v epoch` lines (plain threadtime is accepted too) and of
// the two payloads the agent looks for in them: Matrix's `Issue.toString()`
// (tag[%s]type[%d];key[%s];content[<JSON>], logged by the PluginListener) and the event log's
// am_anr ([user,pid,package,flags,reason]).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "core/protocol/messages.h"

namespace mxi::agent {

struct LogLine {
  uint64_t timeMs = 0;  // epoch ms (threadtime without epoch: this year, UTC)
  int32_t pid = 0;
  int32_t tid = 0;
  char level = '?';
  std::string_view tag;
  std::string_view message;
};

std::optional<LogLine> parseLogLine(std::string_view line);

// The issue in a log message, wherever `tag[` starts (DefaultPluginListener prefixes
// "report issue content: "). A line cut by logcat's length limit gives truncated = true.
std::optional<core::protocol::MatrixIssue> parseMatrixIssue(const LogLine& line);

struct AmAnrEvent {
  int32_t user = 0;
  int32_t pid = 0;
  std::string packageName;
  std::string reason;
};
std::optional<AmAnrEvent> parseAmAnr(const LogLine& line);

// An Activity's onDestroy, which the app's own process logs on the events buffer (the line's pid
// is the app's). AOSP's EventLogTags give these shapes (docs/DEVICES.md):
//   am_on_destroy_called [user,class,reason]            (android.app, Android 9 and before)
//   wm_on_destroy_called [token,class,reason]           (Android 10–11)
//   wm_on_destroy_called [token,class,reason,time]      (Android 12+)
// and "[user,token,component,reason]" / "[token,component]" are accepted too: the component is
// the first field that is not a number, a class name or "pkg/.Class" (expanded to the class).
struct ActivityDestroyEvent {
  std::string activity;  // fully qualified class name
  std::string reason;    // "performDestroy", … (empty when the shape has none)
};
std::optional<ActivityDestroyEvent> parseActivityDestroy(const LogLine& line);

}  // namespace mxi::agent
