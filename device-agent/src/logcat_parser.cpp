#include "device-agent/src/logcat_parser.h"

#include <algorithm>
#include <cctype>
#include <ctime>
#include <vector>

#include "core/base/text_lines.h"
#include "core/devicetext/matrix_issue_line.h"

namespace mxi::agent {

using namespace core::text;

namespace {

// Consumes one whitespace-delimited word.
std::string_view takeWord(std::string_view& s) {
  size_t i = 0;
  while (i < s.size() && s[i] == ' ') ++i;
  size_t j = i;
  while (j < s.size() && s[j] != ' ') ++j;
  std::string_view w = s.substr(i, j - i);
  s.remove_prefix(j);
  return w;
}

std::optional<uint64_t> parseEpochMs(std::string_view w) {  // "1683420595.133"
  const size_t dot = w.find('.');
  if (dot == std::string_view::npos) return std::nullopt;
  const auto sec = parseInt(w.substr(0, dot));
  const auto ms = parseInt(w.substr(dot + 1, 3));
  if (!sec || !ms || *sec < 0) return std::nullopt;
  return static_cast<uint64_t>(*sec) * 1000 + static_cast<uint64_t>(*ms);
}

std::optional<uint64_t> parseThreadtimeMs(std::string_view date, std::string_view time) {  // "05-07" "10:49:55.133"
  if (date.size() != 5 || time.size() < 12 || date[2] != '-' || time[2] != ':' || time[5] != ':' || time[8] != '.') {
    return std::nullopt;
  }
  auto num = [](std::string_view s) { return parseInt(s).value_or(-1); };
  std::tm tm{};
  const std::time_t now = std::time(nullptr);
  gmtime_r(&now, &tm);
  tm.tm_mon = static_cast<int>(num(date.substr(0, 2))) - 1;
  tm.tm_mday = static_cast<int>(num(date.substr(3, 2)));
  tm.tm_hour = static_cast<int>(num(time.substr(0, 2)));
  tm.tm_min = static_cast<int>(num(time.substr(3, 2)));
  tm.tm_sec = static_cast<int>(num(time.substr(6, 2)));
  const int64_t ms = num(time.substr(9, 3));
  if (tm.tm_mon < 0 || tm.tm_mday < 1 || tm.tm_hour < 0 || tm.tm_min < 0 || tm.tm_sec < 0 || ms < 0)
    return std::nullopt;
  const std::time_t t = timegm(&tm);
  return static_cast<uint64_t>(t) * 1000 + static_cast<uint64_t>(ms);
}

}  // namespace

std::optional<LogLine> parseLogLine(std::string_view s) {
  LogLine l;
  std::string_view first = takeWord(s);
  if (auto epoch = parseEpochMs(first); epoch && first.find('-') == std::string_view::npos) {
    l.timeMs = *epoch;
  } else {
    auto t = parseThreadtimeMs(first, takeWord(s));
    if (!t) return std::nullopt;
    l.timeMs = *t;
  }
  const auto pid = parseInt(takeWord(s));
  const auto tid = parseInt(takeWord(s));
  const std::string_view level = takeWord(s);
  if (!pid || !tid || level.size() != 1) return std::nullopt;
  l.pid = static_cast<int32_t>(*pid);
  l.tid = static_cast<int32_t>(*tid);
  l.level = level[0];
  // "<tag padded with spaces>: message"
  const size_t sep = s.find(": ");
  if (sep == std::string_view::npos) {
    l.tag = trim(s.ends_with(':') ? s.substr(0, s.size() - 1) : s);
    return l;
  }
  l.tag = trim(s.substr(0, sep));
  l.message = s.substr(sep + 2);
  return l;
}

std::optional<core::protocol::MatrixIssue> parseMatrixIssue(const LogLine& line) {
  const auto found = core::devicetext::findMatrixIssueLine(line.message);
  if (!found) return std::nullopt;
  core::protocol::MatrixIssue issue;
  issue.tag = std::string(found->tag);
  issue.type = found->type;
  issue.key = std::string(found->key);
  issue.contentJson = std::string(found->content);
  issue.truncated = found->truncated;
  issue.kind = core::protocol::issueKindFromTag(issue.tag);
  issue.logTimeMs = line.timeMs;
  issue.pid = line.pid;
  issue.logTag = std::string(line.tag);
  return issue;
}

std::optional<AmAnrEvent> parseAmAnr(const LogLine& line) {
  if (line.tag != "am_anr") return std::nullopt;
  std::string_view m = trim(line.message);
  if (!m.starts_with('[') || !m.ends_with(']')) return std::nullopt;
  m = m.substr(1, m.size() - 2);
  // user,pid,package,flags,reason — the reason may itself contain commas.
  std::string_view parts[4];
  for (auto& p : parts) {
    const size_t comma = m.find(',');
    if (comma == std::string_view::npos) return std::nullopt;
    p = m.substr(0, comma);
    m.remove_prefix(comma + 1);
  }
  const auto user = parseInt(parts[0]);
  const auto pid = parseInt(parts[1]);
  if (!user || !pid) return std::nullopt;
  return AmAnrEvent{static_cast<int32_t>(*user), static_cast<int32_t>(*pid), std::string(parts[2]), std::string(m)};
}

std::optional<ActivityDestroyEvent> parseActivityDestroy(const LogLine& line) {
  if (line.tag != "am_on_destroy_called" && line.tag != "wm_on_destroy_called") return std::nullopt;
  std::string_view m = trim(line.message);
  if (!m.starts_with('[') || !m.ends_with(']')) return std::nullopt;
  m = m.substr(1, m.size() - 2);
  std::vector<std::string_view> fields;
  for (size_t start = 0;;) {
    const size_t comma = m.find(',', start);
    fields.push_back(trim(m.substr(start, comma == std::string_view::npos ? std::string_view::npos : comma - start)));
    if (comma == std::string_view::npos) break;
    start = comma + 1;
  }
  for (size_t i = 0; i < fields.size(); ++i) {
    std::string_view component = fields[i];
    if (component.empty() || parseInt(component)) continue;
    ActivityDestroyEvent event;
    // "pkg/.Cls" → "pkg.Cls"; "pkg/a.b.Cls" → "a.b.Cls".
    if (const size_t slash = component.find('/'); slash != std::string_view::npos) {
      const std::string_view cls = component.substr(slash + 1);
      event.activity =
          cls.starts_with('.') ? std::string(component.substr(0, slash)) + std::string(cls) : std::string(cls);
    } else {
      event.activity = std::string(component);
    }
    // A Java class name: letters, digits, '_', '$' and dots; anything else is not an Activity.
    const bool valid = !event.activity.empty() && event.activity.front() != '.' && event.activity.back() != '.' &&
                       std::all_of(event.activity.begin(), event.activity.end(), [](char c) {
                         return std::isalnum(static_cast<unsigned char>(c)) || c == '.' || c == '_' || c == '$';
                       });
    if (!valid) return std::nullopt;
    if (i + 1 < fields.size() && !parseInt(fields[i + 1])) event.reason = std::string(fields[i + 1]);
    return event;
  }
  return std::nullopt;
}

}  // namespace mxi::agent
