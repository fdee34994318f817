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

}  // namespace mxi::agent
