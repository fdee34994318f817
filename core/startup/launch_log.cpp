#include "core/startup/launch_log.h"

#include <algorithm>
#include <vector>

#include "core/base/text_lines.h"

namespace mxi::core::startup {
namespace {

bool isDigit(char c) { return c >= '0' && c <= '9'; }

// One `logcat -v threadtime -v epoch` line: "1700000000.123  1234  1250 I Tag: message" (the
// tag padded to 8 columns, logprint.cpp's threadtime layout).
struct LogLine {
  std::string_view stamp;
  std::string_view pid;
  std::string_view tag;
  std::string_view message;
};

std::optional<LogLine> parseLine(std::string_view line) {
  std::string_view rest = text::trim(line);
  auto word = [&rest]() {
    rest = rest.substr(std::min(rest.size(), rest.find_first_not_of(' ')));
    const size_t end = std::min(rest.size(), rest.find(' '));
    const std::string_view w = rest.substr(0, end);
    rest.remove_prefix(end);
    return w;
  };
  LogLine out;
  out.stamp = word();
  const size_t dot = out.stamp.find('.');
  if (dot == 0 || dot == std::string_view::npos || dot + 1 == out.stamp.size()) return std::nullopt;
  for (size_t i = 0; i < out.stamp.size(); ++i) {
    if (i != dot && !isDigit(out.stamp[i])) return std::nullopt;
  }
  out.pid = word();
  const std::string_view tid = word();
  const std::string_view level = word();
  if (!text::parseInt(out.pid) || !text::parseInt(tid) || level.size() != 1) return std::nullopt;
  const size_t colon = rest.find(": ");
  const size_t bareColon = rest.size() > 0 && rest.back() == ':' ? rest.size() - 1 : std::string_view::npos;
  const size_t tagEnd = colon != std::string_view::npos ? colon : bareColon;
  if (tagEnd == std::string_view::npos) return std::nullopt;
  out.tag = text::trim(rest.substr(0, tagEnd));
  out.message = tagEnd + 2 <= rest.size() ? rest.substr(tagEnd + 2) : std::string_view();
  return out;
}

// An epoch stamp as nanoseconds, so "…​.5" and "…​.500" (-v usec / nsec) compare alike.
std::optional<int64_t> stampNs(std::string_view stamp) {
  const size_t dot = stamp.find('.');
  if (dot == std::string_view::npos) return std::nullopt;
  const auto seconds = text::parseInt(stamp.substr(0, dot));
  std::string_view fraction = stamp.substr(dot + 1);
  if (!seconds || fraction.empty() || fraction.size() > 9 || *seconds < 0 || *seconds > 9'000'000'000) {
    return std::nullopt;
  }
  int64_t ns = 0;
  for (size_t i = 0; i < 9; ++i) {
    if (i < fraction.size() && !isDigit(fraction[i])) return std::nullopt;
    ns = ns * 10 + (i < fraction.size() ? fraction[i] - '0' : 0);
  }
  return *seconds * 1'000'000'000 + ns;
}

bool belongsTo(std::string_view component, std::string_view package) {
  const size_t slash = component.find('/');
  return slash != std::string_view::npos && component.substr(0, slash) == package;
}

bool isAppProcess(std::string_view process, std::string_view package) {
  return process == package ||
         (process.starts_with(package) && process.size() > package.size() && process[package.size()] == ':');
}

// ActivityMetricsLogger (frameworks/base services/core/java/com/android/server/wm/, Android 10+;
// ActivityRecord.reportLaunchTimeLocked before): "Displayed pkg/.Main: +1s234ms", with
// " (total +…)" appended on Android ≤ 9 when the task's launch took longer, and
// "Displayed pkg/.Main for user 0: +612ms" on Android 14+. "Fully drawn …" alike.
struct DrawnLine {
  std::string_view component;
  std::optional<int64_t> ms;
};
std::optional<DrawnLine> parseDrawn(std::string_view message, std::string_view prefix) {
  if (!message.starts_with(prefix)) return std::nullopt;
  message.remove_prefix(prefix.size());
  const size_t colon = message.find(": ");
  if (colon == std::string_view::npos) return std::nullopt;
  DrawnLine out;
  out.component = message.substr(0, colon);
  if (const size_t forUser = out.component.find(" for user "); forUser != std::string_view::npos) {
    out.component = out.component.substr(0, forUser);
  }
  std::string_view duration = message.substr(colon + 2);
  duration = duration.substr(0, duration.find(' '));
  out.ms = parseLaunchDuration(duration);
  return out;
}

// The fields of an events-buffer line's "[a,b,c]" payload.
std::vector<std::string_view> eventFields(std::string_view message) {
  message = text::trim(message);
  if (message.size() < 2 || message.front() != '[' || message.back() != ']') return {};
  message = message.substr(1, message.size() - 2);
  std::vector<std::string_view> fields;
  for (size_t start = 0;;) {
    const size_t comma = message.find(',', start);
    fields.push_back(message.substr(start, comma == std::string_view::npos ? std::string_view::npos : comma - start));
    if (comma == std::string_view::npos) break;
    start = comma + 1;
  }
  return fields;
}

// am_crash (EventLogTags.logtags in services/core/java/com/android/server/am/):
// [User,PID,Process Name,Flags,Exception,Message,File,Line(,Recoverable on Android 11+)]. The
// message may itself hold commas: it runs up to the file.
std::string amCrashText(const std::vector<std::string_view>& f) {
  if (f.size() < 8) return "";
  const bool recoverable = f.size() >= 9 && text::parseInt(f[f.size() - 1]) && text::parseInt(f[f.size() - 2]);
  const size_t messageEnd = f.size() - (recoverable ? 3 : 2);
  std::string text(f[4]);
  std::string message;
  for (size_t i = 5; i < messageEnd; ++i) {
    if (i > 5) message += ',';
    message += f[i];
  }
  if (!message.empty()) text += ": " + message;
  return text;
}

}  // namespace

std::optional<int64_t> parseLaunchDuration(std::string_view text) {
  // TimeUtils.formatDuration (frameworks/base core/java/android/util/TimeUtils.java): '+' then
  // d, h, m, s fields and the milliseconds, each number followed by its unit ("+1s234ms").
  if (text.starts_with('+')) text.remove_prefix(1);
  if (text.empty()) return std::nullopt;
  if (text == "0") return 0;  // formatDuration prints a zero duration as "0"
  int64_t total = 0;
  bool sawMs = false;
  int lastUnit = -1;  // units must come in order: d, h, m, s, ms
  while (!text.empty()) {
    size_t digits = 0;
    while (digits < text.size() && isDigit(text[digits])) ++digits;
    if (digits == 0 || digits > 9 || sawMs) return std::nullopt;
    const int64_t value = *text::parseInt(text.substr(0, digits));
    text.remove_prefix(digits);
    int unit = -1;
    int64_t scale = 0;
    if (text.starts_with("ms")) {
      unit = 4, scale = 1;
      sawMs = true;
      text.remove_prefix(2);
    } else if (!text.empty()) {
      switch (text.front()) {
        case 'd': unit = 0, scale = 86'400'000; break;
        case 'h': unit = 1, scale = 3'600'000; break;
        case 'm': unit = 2, scale = 60'000; break;
        case 's': unit = 3, scale = 1'000; break;
        default: return std::nullopt;
      }
      text.remove_prefix(1);
    }
    if (unit <= lastUnit) return std::nullopt;
    lastUnit = unit;
    total += value * scale;
  }
  return total;
}

LaunchLog readLaunchLog(std::string_view output, std::string_view package, std::string_view sinceStamp) {
  LaunchLog log;
  const std::optional<int64_t> since = stampNs(sinceStamp);
  std::string crashPid;  // AndroidRuntime named the app's process: its next line is the exception
  std::string amCrash;
  int64_t newestNs = -1;
  text::TextLines lines(output);
  std::string_view raw;
  while (lines.next(raw)) {
    const auto line = parseLine(raw);
    if (!line) continue;
    const auto ns = stampNs(line->stamp);
    if (!ns) continue;
    if (*ns >= newestNs) {
      newestNs = *ns;
      log.lastStamp = std::string(line->stamp);
    }
    if (since && *ns <= *since) continue;
    if (line->tag == "ActivityTaskManager" || line->tag == "ActivityManager") {
      if (auto d = parseDrawn(line->message, "Displayed "); d && d->ms && belongsTo(d->component, package)) {
        if (!log.displayedMs) {
          log.displayedMs = d->ms;
          log.displayedComponent = std::string(d->component);
        }
      } else if (auto f = parseDrawn(line->message, "Fully drawn "); f && f->ms && belongsTo(f->component, package)) {
        if (!log.fullyDrawnMs) log.fullyDrawnMs = f->ms;
      }
    } else if (line->tag == "am_proc_start") {
      // [User,PID,UID,Process Name,Type,Component] (EventLogTags.logtags): the app's own
      // process, or one of its ":name" processes started to host an activity.
      const auto f = eventFields(line->message);
      if (f.size() >= 5 &&
          (f[3] == package || (isAppProcess(f[3], package) && f[4].find("activity") != std::string_view::npos))) {
        log.processStarted = true;
      }
    } else if (line->tag == "am_crash") {
      const auto f = eventFields(line->message);
      if (amCrash.empty() && f.size() >= 3 && isAppProcess(f[2], package)) amCrash = amCrashText(f);
    } else if (line->tag == "AndroidRuntime") {
      // RuntimeInit.KillApplicationHandler (frameworks/base core/java/com/android/internal/os/
      // RuntimeInit.java): "FATAL EXCEPTION: main", "Process: pkg, PID: 123", then the exception's
      // first line, all from the crashing process.
      const std::string_view message = text::trim(line->message);
      if (message.starts_with("Process: ")) {
        std::string_view process = message.substr(9);
        process = process.substr(0, process.find(','));
        crashPid = isAppProcess(process, package) ? std::string(line->pid) : std::string();
      } else if (!crashPid.empty() && line->pid == crashPid) {
        if (log.crash.empty() && !message.empty()) log.crash = std::string(message);
        crashPid.clear();
      }
    }
  }
  if (log.crash.empty()) log.crash = amCrash;
  return log;
}

std::string lastLogStamp(std::string_view output) { return readLaunchLog(output, "", "").lastStamp; }

}  // namespace mxi::core::startup
