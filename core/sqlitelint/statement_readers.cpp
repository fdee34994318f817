#include "core/sqlitelint/statement_readers.h"

#include <cctype>
#include <charconv>
#include <cstdlib>
#include <optional>

#include "core/sqlitelint/sql_tokens.h"

namespace mxi::core::sqlitelint {

namespace {

std::string_view trim(std::string_view s) {
  while (!s.empty() && std::isspace(static_cast<unsigned char>(s.front()))) s.remove_prefix(1);
  while (!s.empty() && std::isspace(static_cast<unsigned char>(s.back()))) s.remove_suffix(1);
  return s;
}

// The text without comments, quotes left intact; `;` positions outside quotes are marked true.
struct CommentFree {
  std::string text;
  std::vector<bool> separator;
};

CommentFree dropComments(std::string_view in) {
  CommentFree out;
  size_t i = 0;
  auto emit = [&](char c, bool sep) {
    out.text += c;
    out.separator.push_back(sep);
  };
  while (i < in.size()) {
    const char c = in[i];
    const char next = i + 1 < in.size() ? in[i + 1] : '\0';
    if (c == '-' && next == '-') {
      while (i < in.size() && in[i] != '\n') ++i;
    } else if (c == '/' && next == '*') {
      const size_t end = in.find("*/", i + 2);
      const size_t stop = end == std::string_view::npos ? in.size() : end + 2;
      for (; i < stop; ++i) {
        if (in[i] == '\n') emit('\n', false);  // keeps line numbers
      }
      emit(' ', false);
    } else if (c == '\'' || c == '"' || c == '`' || c == '[') {
      const char close = c == '[' ? ']' : c;
      emit(c, false);
      ++i;
      while (i < in.size()) {
        emit(in[i], false);
        if (in[i++] == close) break;
      }
    } else {
      emit(c, c == ';');
      ++i;
    }
  }
  return out;
}

void addStatement(std::vector<LintStatement>& out, std::string_view sql, const std::string& name, int line) {
  sql = trim(sql);
  if (sql.empty()) return;
  LintStatement s;
  s.sql = std::string(sql);
  s.source = name + ":" + std::to_string(line);
  out.push_back(std::move(s));
}

// "MM-DD HH:MM:SS.mmm" at the start of a threadtime line, as ms since the start of the year
// (good enough for the 100 ms gaps PreparedStatementBetter measures).
std::optional<int64_t> threadtimeMs(std::string_view line) {
  if (line.size() < 18 || line[2] != '-' || line[5] != ' ' || line[8] != ':' || line[11] != ':' || line[14] != '.') {
    return std::nullopt;
  }
  auto num = [&](size_t at, size_t len) -> std::optional<int64_t> {
    int64_t v = 0;
    const auto r = std::from_chars(line.data() + at, line.data() + at + len, v);
    if (r.ec != std::errc() || r.ptr != line.data() + at + len) return std::nullopt;
    return v;
  };
  const auto month = num(0, 2), day = num(3, 2), h = num(6, 2), m = num(9, 2), s = num(12, 2), ms = num(15, 3);
  if (!month || !day || !h || !m || !s || !ms) return std::nullopt;
  return ((((*month * 31 + *day) * 24 + *h) * 60 + *m) * 60 + *s) * 1000 + *ms;
}

// "SECONDS.mmm" at the start of a `-v epoch` line (what the agent and `mxi record --sql-log`
// ask for: `-v threadtime -v epoch`), as ms since the epoch; the length of the stamp.
std::optional<std::pair<int64_t, size_t>> epochMs(std::string_view line) {
  size_t i = 0;
  while (i < line.size() && line[i] == ' ') ++i;
  const size_t digits = i;
  while (i < line.size() && std::isdigit(static_cast<unsigned char>(line[i]))) ++i;
  if (i == digits || i - digits > 12 || i + 4 > line.size() || line[i] != '.') return std::nullopt;
  for (size_t k = i + 1; k < i + 4; ++k) {
    if (!std::isdigit(static_cast<unsigned char>(line[k]))) return std::nullopt;
  }
  const int64_t seconds = std::strtoll(std::string(line.substr(digits, i - digits)).c_str(), nullptr, 10);
  const int64_t ms = std::strtoll(std::string(line.substr(i + 1, 3)).c_str(), nullptr, 10);
  return std::make_pair(seconds * 1000 + ms, i + 4);
}

// The pid and tid of a threadtime line: the two numbers after the time (its stamp `stampLength` long).
std::optional<std::pair<long, long>> pidTid(std::string_view line, size_t stampLength = 18) {
  if (line.size() < stampLength + 1) return std::nullopt;
  std::string rest(line.substr(stampLength));
  char* end = nullptr;
  const long pid = std::strtol(rest.c_str(), &end, 10);
  if (end == rest.c_str()) return std::nullopt;
  char* end2 = nullptr;
  const long tid = std::strtol(end, &end2, 10);
  if (end2 == end) return std::nullopt;
  return std::make_pair(pid, tid);
}

constexpr std::string_view kTag = "SQLiteTime";

}  // namespace

std::vector<LintStatement> readSqlList(std::string_view text, const std::string& name) {
  const CommentFree clean = dropComments(text);
  bool anySeparator = false;
  for (bool s : clean.separator) anySeparator = anySeparator || s;
  std::vector<LintStatement> out;
  int line = 1;
  int startLine = 1;
  size_t start = 0;
  bool startSeen = false;  // the statement's first non-blank byte was met (its line is startLine)
  for (size_t i = 0; i <= clean.text.size(); ++i) {
    const bool atEnd = i == clean.text.size();
    const char c = atEnd ? '\n' : clean.text[i];
    const bool ends = atEnd || (anySeparator ? clean.separator[i] : c == '\n');
    if (!startSeen && !std::isspace(static_cast<unsigned char>(c)) && !ends) {
      startSeen = true;
      startLine = line;
    }
    if (ends) {
      addStatement(out, std::string_view(clean.text).substr(start, i - start), name, startLine);
      start = i + 1;
      startSeen = false;
    }
    if (c == '\n' && !atEnd) ++line;
  }
  return out;
}

bool looksLikeSqliteTimeLog(std::string_view text) {
  size_t at = 0;
  while ((at = text.find(kTag, at)) != std::string_view::npos) {
    const size_t after = at + kTag.size();
    const size_t colon = text.find(':', after);
    if (colon != std::string_view::npos && trim(text.substr(after, colon - after)).empty()) return true;
    at = after;
  }
  return false;
}

std::vector<LintStatement> readSqliteTimeLog(std::string_view text, const std::string& name) {
  std::vector<LintStatement> out;
  int lineNo = 0;
  size_t from = 0;
  while (from <= text.size()) {
    size_t nl = text.find('\n', from);
    if (nl == std::string_view::npos) nl = text.size();
    std::string_view line = text.substr(from, nl - from);
    if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
    ++lineNo;
    from = nl + 1;
    const size_t tag = line.find(kTag);
    if (tag == std::string_view::npos) continue;
    size_t colon = line.find(':', tag + kTag.size());
    if (colon == std::string_view::npos || !trim(line.substr(tag + kTag.size(), colon - tag - kTag.size())).empty()) {
      continue;
    }
    // "<label>: \"<sql>\" took N ms": the label may hold ':' (a path does not, "memory" does not).
    const std::string_view message = line.substr(colon + 1);
    const size_t open = message.find(": \"");
    const size_t took = message.rfind("\" took ");
    if (open == std::string_view::npos || took == std::string_view::npos || took < open + 3) continue;
    LintStatement s;
    s.sql = std::string(message.substr(open + 3, took - open - 3));
    std::string_view ms = trim(message.substr(took + 7));
    if (ms.size() > 2 && ms.substr(ms.size() - 2) == "ms") ms = trim(ms.substr(0, ms.size() - 2));
    double duration = 0;
    const auto parsed = std::from_chars(ms.data(), ms.data() + ms.size(), duration);
    if (parsed.ec == std::errc() && parsed.ptr == ms.data() + ms.size()) s.durationMs = duration;
    if (const auto t = threadtimeMs(line)) {
      s.timeMs = *t;
      if (const auto ids = pidTid(line)) s.mainThread = ids->first == ids->second;
    } else if (const auto e = epochMs(line)) {
      s.timeMs = e->first;
      if (const auto ids = pidTid(line, e->second)) s.mainThread = ids->first == ids->second;
    }
    s.database = std::string(trim(message.substr(0, open)));
    s.source = name + ":" + std::to_string(lineNo);
    if (!trim(s.sql).empty()) out.push_back(std::move(s));
    if (nl == text.size()) break;
  }
  return out;
}

}  // namespace mxi::core::sqlitelint
