#include "core/dbinfo/dbinfo_text.h"

#include <algorithm>
#include <array>
#include <charconv>
#include <cstddef>
#include <cstdint>
#include <utility>

#include "core/base/text_lines.h"

namespace mxi::core::dbinfo {

namespace {

// `text` in double quotes. Built by appending: GCC 12 at -O3 (the arm agents' cross builds) warns
// -Wrestrict on `"\"" + std::string(…)` (GCC bug 105329), which -Werror makes fatal.
std::string quoted(std::string_view text) {
  std::string out;
  out.reserve(text.size() + 2);
  out += '"';
  out += text;
  out += '"';
  return out;
}

std::string_view trim(std::string_view s) {
  while (!s.empty() && (s.front() == ' ' || s.front() == '\t')) s.remove_prefix(1);
  while (!s.empty() && (s.back() == ' ' || s.back() == '\t')) s.remove_suffix(1);
  return s;
}

template <typename T>
std::optional<T> wholeNumber(std::string_view s) {
  T value{};
  const auto [end, ec] = std::from_chars(s.data(), s.data() + s.size(), value);
  if (ec != std::errc() || end != s.data() + s.size() || s.empty()) return std::nullopt;
  return value;
}

std::optional<bool> boolean(std::string_view s) {
  if (s == "true") return true;
  if (s == "false") return false;
  return std::nullopt;
}

// Exactly `digits` decimal digits at `s[at]`.
std::optional<int32_t> digitsAt(std::string_view s, size_t at, size_t digits) {
  if (at + digits > s.size()) return std::nullopt;
  return wholeNumber<int32_t>(s.substr(at, digits));
}

// "yyyy-MM-dd HH:mm:ss.SSS" (every release before SDK 36) or "MM-dd HH:mm:ss.SSS" (SDK 36).
bool parseTime(std::string_view t, DbinfoOperation& op) {
  size_t at = 0;
  if (t.size() == 23) {
    op.year = digitsAt(t, 0, 4);
    if (!op.year || t[4] != '-') return false;
    at = 5;
  } else if (t.size() != 18) {
    return false;
  }
  const std::string_view rest = t.substr(at);  // "MM-dd HH:mm:ss.SSS"
  if (rest[2] != '-' || rest[5] != ' ' || rest[8] != ':' || rest[11] != ':' || rest[14] != '.') return false;
  const auto month = digitsAt(rest, 0, 2), day = digitsAt(rest, 3, 2), hour = digitsAt(rest, 6, 2),
             minute = digitsAt(rest, 9, 2), second = digitsAt(rest, 12, 2), ms = digitsAt(rest, 15, 3);
  if (!month || !day || !hour || !minute || !second || !ms) return false;
  op.month = *month;
  op.day = *day;
  op.hour = *hour;
  op.minute = *minute;
  op.second = *second;
  op.millisecond = *ms;
  return true;
}

// Where the field after the SQL may start: the last '"' followed by one of these (or the line's
// end) closes the SQL, since the SQL itself is printed without escaping.
constexpr std::array<std::string_view, 3> kAfterSql = {", path=", ", exception=\"", ", result="};
// Tencent WCDB's copy of the framework prints these where the framework prints path=.
constexpr std::array<std::string_view, 2> kWcdbFields = {", tid=", ", bindArgs=["};

bool startsWithAny(std::string_view s, const auto& prefixes) {
  for (std::string_view p : prefixes) {
    if (s.starts_with(p)) return true;
  }
  return false;
}

// The end of the SQL in `fields` (which starts right after `sql="`): the last '"' that ends the line
// or precedes ", path=" (preferred: the framework prints path= after every SQL since Android 8),
// ", exception=\"" or ", result=". npos when the closing quote is missing (a cut line).
size_t sqlEnd(std::string_view fields) {
  size_t best = std::string_view::npos;
  for (size_t q = fields.find('"'); q != std::string_view::npos; q = fields.find('"', q + 1)) {
    const std::string_view after = fields.substr(q + 1);
    if (after.starts_with(kAfterSql[0])) return fields.rfind("\", path=");
    if (after.empty() || startsWithAny(after, kAfterSql) || startsWithAny(after, kWcdbFields)) best = q;
  }
  return best;
}

// The operation line after "N: ": "[TIME] [Pid:(N)]KIND took Nms - STATUS[, sql=\"…\"][, path=…]
// [, exception=\"…\"][, result=…]" or "… KIND started Nms ago - running…". Returns what is wrong,
// or "" when `op` was filled.
std::string parseOperation(std::string_view s, DbinfoOperation& op) {
  if (!s.starts_with('[')) return "operation without its [time]";
  const size_t close = s.find(']');
  if (close == std::string_view::npos) return "operation's [time] is not closed (cut?)";
  op.timeText = std::string(s.substr(1, close - 1));
  if (!parseTime(op.timeText, op))
    return "operation time \"" + op.timeText + "\" is not yyyy-MM-dd or MM-dd HH:mm:ss.SSS";
  s = trim(s.substr(close + 1));
  if (s.starts_with("[Pid:(")) {  // Samsung: the calling pid before the kind
    const size_t end = s.find(")]");
    if (end == std::string_view::npos) return "Samsung [Pid:(N)] is not closed";
    s = trim(s.substr(end + 2));
  }
  const size_t kindEnd = s.find(' ');
  if (kindEnd == std::string_view::npos) return "operation without \"took N ms\" or \"started N ms ago\" (cut?)";
  op.kind = std::string(s.substr(0, kindEnd));
  s = s.substr(kindEnd + 1);
  const size_t dash = s.find(" - ");
  if (dash == std::string_view::npos) return "operation without \" - status\" (cut?)";
  std::string_view timing = s.substr(0, dash);
  s = s.substr(dash + 3);
  if (timing.starts_with("took ") && timing.ends_with("ms")) {
    op.durationMs = wholeNumber<int64_t>(trim(timing.substr(5, timing.size() - 7)));
    if (!op.durationMs) return "operation duration \"" + std::string(timing) + "\" is not \"took N ms\"";
  } else if (!(timing.starts_with("started ") && timing.ends_with("ms ago"))) {
    return "operation timing \"" + std::string(timing) + "\" is neither \"took N ms\" nor \"started N ms ago\"";
  }
  const size_t statusEnd = s.find(',');
  op.status = std::string(s.substr(0, statusEnd));
  if (op.status != "succeeded" && op.status != "failed" && op.status != "running") {
    return "operation status \"" + op.status + "\" is not succeeded, failed or running (cut?)";
  }
  if (op.status == "running" ? op.durationMs.has_value() : !op.durationMs.has_value()) {
    return "operation status \"" + op.status + "\" does not match its timing \"" + std::string(timing) + "\"";
  }
  std::string_view fields = statusEnd == std::string_view::npos ? std::string_view() : s.substr(statusEnd);
  if (fields.starts_with(", sql=\"")) {
    fields.remove_prefix(7);
    const size_t end = sqlEnd(fields);
    if (end == std::string_view::npos) return "sql=\"…\" is not closed by '\"' (cut?)";
    op.sql = std::string(fields.substr(0, end));
    op.meminfoOwn = isMeminfoOwnStatement(*op.sql);
    fields.remove_prefix(end + 1);
  }
  if (startsWithAny(fields, kWcdbFields)) {
    return quoted(fields.substr(0, fields.find('=') + 1)) +
           " after the SQL: Tencent WCDB's dump, not the framework's (foreign format)";
  }
  if (fields.starts_with(", path=")) {
    fields.remove_prefix(7);
    size_t end = fields.size();
    for (std::string_view next : {std::string_view(", exception=\""), std::string_view(", result=")}) {
      end = std::min(end, fields.find(next));
    }
    op.path = std::string(fields.substr(0, end));
    fields.remove_prefix(end);
  }
  if (fields.starts_with(", exception=\"")) {
    fields.remove_prefix(13);
    size_t end = fields.rfind("\", result=");
    if (end == std::string_view::npos) end = fields.ends_with('"') ? fields.size() - 1 : std::string_view::npos;
    if (end == std::string_view::npos) return "exception=\"…\" is not closed by '\"' (cut?)";
    op.exception = std::string(fields.substr(0, end));
    fields.remove_prefix(end + 1);
  }
  if (fields.starts_with(", result=")) {
    std::string_view value = fields.substr(9);
    if (value.size() >= 2 && value.front() == '"' && value.back() == '"') value = value.substr(1, value.size() - 2);
    op.result = std::string(value);
    fields = {};
  }
  if (!fields.empty()) return "unexpected text after the operation's fields: \"" + std::string(fields) + "\"";
  return {};
}

// "NAME   BYTESb ctime=… mtime=… atime=…" (name padded to 40 columns).
std::optional<DbinfoFile> parseFileRow(std::string_view s) {
  const size_t ctime = s.find(" ctime=");
  std::string_view head = trim(s.substr(0, ctime));
  const size_t space = head.find_last_of(' ');
  if (ctime == std::string_view::npos || space == std::string_view::npos || !head.ends_with('b')) return std::nullopt;
  const auto bytes = wholeNumber<int64_t>(head.substr(space + 1, head.size() - space - 2));
  if (!bytes) return std::nullopt;
  return DbinfoFile{.directory = {}, .name = std::string(trim(head.substr(0, space))), .bytes = *bytes};
}

// "** Database info for pid N [name] **"
bool parseProcessHeader(std::string_view s, DbinfoProcess& p) {
  constexpr std::string_view kHead = "** Database info for pid ";
  if (s.size() < kHead.size() + 3 || !s.starts_with(kHead) || !s.ends_with(" **")) return false;
  s = s.substr(kHead.size(), s.size() - kHead.size() - 3);
  const size_t open = s.find(" [");
  if (open == std::string_view::npos || !s.ends_with(']')) return false;
  p.pid = wholeNumber<int32_t>(s.substr(0, open));
  if (!p.pid) return false;
  p.process = std::string(s.substr(open + 2, s.size() - open - 3));
  return true;
}

// One pass over the lines; the position (process → pool → connection → ring) is kept here.
class Parser {
 public:
  DbinfoReport run(std::string_view text) {
    text::TextLines lines(text);
    std::string_view raw;
    while (lines.next(raw)) {
      m_line = lines.lineNumber();
      m_offset = lines.lineOffset();
      parseLine(trim(raw));
    }
    if (!text.empty() && !text.ends_with('\n')) {
      problem("the text ends inside this line (no final newline): the capture may be cut here");
    }
    return std::move(m_report);
  }

 private:
  enum class Section { kNone, kPool, kConnection, kRing, kStatementCache, kWaiters, kFiles, kWcdbStack };

  void problem(std::string what) { m_report.problems.push_back({m_line, m_offset, std::move(what)}); }

  DbinfoProcess& process() {
    if (m_report.processes.empty()) m_report.processes.emplace_back();  // an excerpt without the header
    return m_report.processes.back();
  }
  DbinfoPool* pool() { return m_inPool ? &process().pools.back() : nullptr; }
  DbinfoConnection* connection() {
    DbinfoPool* p = pool();
    return p && m_inConnection ? &p->connections.back() : nullptr;
  }

  void parseLine(std::string_view s) {
    if (s.empty()) {
      if (m_section == Section::kFiles) m_section = Section::kNone;
      return;
    }
    if (s == "Applications Database Info:") return;
    if (s.starts_with("** Database info for pid ")) {
      // A broken header still starts a process (pid and name absent): its pools are not the previous one's.
      DbinfoProcess p;
      if (!parseProcessHeader(s, p)) {
        p = {};
        problem("process header is not \"** Database info for pid N [name] **\"");
      }
      m_report.processes.push_back(std::move(p));
      leavePool();
      return;
    }
    if (s.starts_with("Connection pool for ")) {
      leavePool();  // what follows a broken header is not the previous pool's
      if (!s.ends_with(':')) return problem("pool header without its final ':' (cut or wrapped line?)");
      process().pools.push_back({.path = std::string(s.substr(20, s.size() - 21))});
      m_inPool = true;
      m_section = Section::kPool;
      return;
    }
    if (s.starts_with("Database files in ")) {
      if (!s.ends_with(':')) return problem("file listing header without its final ':' (cut?)");
      leavePool();
      m_filesDirectory = std::string(s.substr(18, s.size() - 19));
      m_section = Section::kFiles;
      process();
      return;
    }
    if (m_section == Section::kFiles) return fileRow(s);
    if (isWcdbLine(s)) return;
    if (!m_inPool) {
      if (s.find("\", tid=") != std::string_view::npos || s.find("\", bindArgs=[") != std::string_view::npos) {
        return problem("operation with tid= or bindArgs= outside a pool: Tencent WCDB's dump (foreign format)");
      }
      return problem(quoted(s.substr(0, 40)) +
                     " outside a \"Connection pool for\" block (an excerpt cut at its start?)");
    }
    poolLine(s);
  }

  void leavePool() {
    m_inPool = false;
    m_inConnection = false;
    m_section = Section::kNone;
  }

  // WCDB (com.tencent.wcdb) dumps its own pools in the framework's words plus these lines.
  bool isWcdbLine(std::string_view s) {
    if (s.starts_with("lastAcquireTid:") || s.starts_with("lastAcquireStackTrace:")) {
      m_section = Section::kWcdbStack;
      problem(quoted(s.substr(0, s.find(':') + 1)) + " is Tencent WCDB's, not the framework's (foreign format)");
      return true;
    }
    if (s.starts_with("at ") &&
        (m_section == Section::kWcdbStack || s.find("com.tencent.wcdb.") != std::string_view::npos)) {
      problem("stack frame of WCDB's lastAcquireStackTrace (foreign format)");
      return true;
    }
    return false;
  }

  void fileRow(std::string_view s) {
    std::optional<DbinfoFile> f = parseFileRow(s);
    if (!f) return problem("file row is not \"NAME BYTESb ctime=… mtime=… atime=…\"");
    f->directory = m_filesDirectory;
    process().files.push_back(std::move(*f));
  }

  void poolLine(std::string_view s) {
    DbinfoPool& p = *pool();
    if (s == "<none>") return;  // an empty section or ring
    if (s.starts_with("Open: ")) {
      p.open = boolean(s.substr(6));
      if (!p.open) problem("\"Open:\" is not true or false");
      return;
    }
    if (s.starts_with("Max connections: ")) {
      p.maxConnections = wholeNumber<int32_t>(s.substr(17));
      if (!p.maxConnections) problem("\"Max connections:\" is not a number");
      return;
    }
    if (s.starts_with("Total execution time: ")) {
      p.totalExecutionTimeMs = wholeNumber<int64_t>(s.substr(22));
      if (!p.totalExecutionTimeMs) problem("\"Total execution time:\" is not a number");
      return;
    }
    if (s.starts_with("Configuration: ")) {
      p.configuration = std::string(s.substr(15));
      return;
    }
    if (s.starts_with("Attached db:") || s.starts_with("Secure db:")) {
      p.samsungLines.emplace_back(s);
      return;
    }
    if (s == "Available primary connection:" || s == "Available non-primary connections:" ||
        s == "Acquired connections:") {
      m_inConnection = false;
      m_section = Section::kPool;
      return;
    }
    if (s == "Connection waiters:") {
      m_inConnection = false;
      m_section = Section::kWaiters;
      return;
    }
    if (s.starts_with("Connection #") && s.ends_with(':')) {
      const auto id = wholeNumber<int32_t>(s.substr(12, s.size() - 13));
      if (!id) return problem("connection header is not \"Connection #N:\"");
      p.connections.push_back({.id = *id});
      m_inConnection = true;
      m_section = Section::kConnection;
      return;
    }
    if (m_section == Section::kWaiters && s.find(": waited for ") != std::string_view::npos) return;
    if (s == "Most recently executed operations:" && !connection()) {  // an excerpt without "Connection #N:"
      p.connections.emplace_back();
      m_inConnection = true;
    }
    DbinfoConnection* c = connection();
    if (!c) return problem(quoted(s.substr(0, 40)) + " is not a pool line");
    connectionLine(*c, s);
  }

  void connectionLine(DbinfoConnection& c, std::string_view s) {
    if (s.starts_with("isPrimaryConnection: ")) {
      c.primary = boolean(s.substr(21));
      if (!c.primary) problem("\"isPrimaryConnection:\" is not true or false");
      return;
    }
    if (s.starts_with("onlyAllowReadOnlyOperations: ")) {
      c.readOnly = boolean(s.substr(29));
      if (!c.readOnly) problem("\"onlyAllowReadOnlyOperations:\" is not true or false");
      return;
    }
    if (s.starts_with("connectionPtr: 0x") || s.starts_with("Status: ")) return;  // verbose dump; acquired
    if (s == "Most recently executed operations:") {
      m_section = Section::kRing;
      return;
    }
    if (s == "Prepared statement cache:") {  // verbose dump (`dumpsys dbinfo -v`)
      m_section = Section::kStatementCache;
      return;
    }
    if (m_section == Section::kStatementCache && s.find(": statementPtr=0x") != std::string_view::npos) return;
    const size_t colon = s.find(": ");
    const auto index = colon == std::string_view::npos ? std::nullopt : wholeNumber<uint32_t>(s.substr(0, colon));
    if (m_section != Section::kRing || !index) {
      return problem(quoted(s.substr(0, 40)) + " is not a connection line");
    }
    DbinfoOperation op;
    op.index = *index;
    op.line = m_line;
    const std::string wrong = parseOperation(s.substr(colon + 2), op);
    if (!wrong.empty()) return problem("operation " + std::to_string(*index) + ": " + wrong);
    // SDK 36's placeholder for a slot never used: "null started …ms ago - running".
    if (op.kind == "null" && op.status == "running" && !op.sql) return;
    c.operations.push_back(std::move(op));
  }

  DbinfoReport m_report;
  uint64_t m_line = 0;
  uint64_t m_offset = 0;
  bool m_inPool = false;
  bool m_inConnection = false;
  Section m_section = Section::kNone;
  std::string m_filesDirectory;
};

}  // namespace

bool isMeminfoOwnStatement(std::string_view sql) {
  if (sql == "PRAGMA database_list;") return true;
  if (!sql.starts_with("PRAGMA ")) return false;
  std::string_view rest = sql.substr(7);
  for (std::string_view pragma : {std::string_view("page_count;"), std::string_view("page_size;")}) {
    if (!rest.ends_with(pragma)) continue;
    const std::string_view schema = rest.substr(0, rest.size() - pragma.size());
    if (schema.empty()) return true;
    // "<attached name>." as PRAGMA database_list named it: a plain identifier.
    if (schema.size() < 2 || schema.back() != '.') return false;
    for (char ch : schema.substr(0, schema.size() - 1)) {
      const bool word = (ch >= 'a' && ch <= 'z') || (ch >= 'A' && ch <= 'Z') || (ch >= '0' && ch <= '9') || ch == '_';
      if (!word) return false;
    }
    return true;
  }
  return false;
}

DbinfoReport parseDbinfo(std::string_view text) { return Parser().run(text); }

}  // namespace mxi::core::dbinfo
