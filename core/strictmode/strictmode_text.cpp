#include "core/strictmode/strictmode_text.h"

#include <array>

#include "core/base/text_lines.h"

namespace mxi::core::strictmode {
namespace {

using text::parseInt;
using text::trim;

constexpr std::string_view kHeader = "StrictMode policy violation";
// Before Android 9, CloseGuard's report through StrictMode.onVmPolicyViolation: this message,
// then the Throwable made where the resource was acquired.
constexpr std::string_view kOldCloseGuard = "A resource was acquired at attached stack trace but never released";
constexpr std::string_view kLeakType = "LeakedClosableViolation";

// One logcat line split into its prefix and message, for the layouts QA pastes:
//   threadtime     `[YYYY-]MM-DD HH:MM:SS.mmm  PID  TID L TAG: msg`
//   epoch          `SECONDS.mmm  PID  TID L TAG: msg` (threadtime with `-v epoch`: the agent's)
//   Studio (old)   `YYYY-MM-DD HH:MM:SS.mmm PID-TID/PACKAGE L/TAG: msg`
//   Studio (new)   `YYYY-MM-DD HH:MM:SS.mmm  PID-TID  TAG  PACKAGE  L  msg`
//   time / brief   `[MM-DD HH:MM:SS.mmm ]L/TAG( PID): msg`, `L/TAG: msg`
//   bare           the message alone.
// A line that starts like a prefix and stops before its message is `cut` (a paste's last line).
struct LogLine {
  bool prefixed = false;
  bool cut = false;
  std::string_view tag, process, message;
  std::optional<int64_t> pid, tid;
};

bool isDigit(char c) { return c >= '0' && c <= '9'; }
bool isLevel(char c) { return c == 'V' || c == 'D' || c == 'I' || c == 'W' || c == 'E' || c == 'F' || c == 'A'; }

struct Cursor {
  std::string_view s;
  size_t i = 0;
  bool end() const { return i >= s.size(); }
  char peek(size_t k = 0) const { return i + k < s.size() ? s[i + k] : '\0'; }
  size_t spaces() {
    const size_t start = i;
    while (i < s.size() && (s[i] == ' ' || s[i] == '\t')) ++i;
    return i - start;
  }
  std::optional<int64_t> number() {
    const size_t start = i;
    while (i < s.size() && isDigit(s[i])) ++i;
    if (i == start) return std::nullopt;
    return parseInt(s.substr(start, i - start));
  }
  std::string_view token() {
    const size_t start = i;
    while (i < s.size() && s[i] != ' ' && s[i] != '\t') ++i;
    return s.substr(start, i - start);
  }
  bool eat(char c) {
    if (peek() != c || end()) return false;
    ++i;
    return true;
  }
  std::string_view rest() const { return i < s.size() ? s.substr(i) : std::string_view(); }
};

// `L/TAG( PID): msg` or `L/TAG: msg` at the cursor.
bool readSlashTag(Cursor& c, LogLine& out) {
  if (!isLevel(c.peek()) || c.peek(1) != '/') return false;
  c.i += 2;
  const std::string_view rest = c.rest();
  const size_t colon = rest.find(": ");
  const size_t paren = rest.find('(');
  if (paren != std::string_view::npos && (colon == std::string_view::npos || paren < colon)) {
    out.tag = trim(rest.substr(0, paren));
    Cursor p{rest, paren + 1};
    p.spaces();
    out.pid = p.number();
    if (!out.pid || !p.eat(')') || !p.eat(':')) {
      out.cut = true;
      return true;
    }
    p.eat(' ');
    out.message = p.rest();
  } else if (colon != std::string_view::npos) {
    out.tag = trim(rest.substr(0, colon));
    out.message = rest.substr(colon + 2);
  } else if (!rest.empty() && rest.back() == ':') {
    out.tag = trim(rest.substr(0, rest.size() - 1));
  } else {
    out.cut = true;
    return true;
  }
  out.prefixed = true;
  return true;
}

// `[YYYY-]MM-DD HH:MM:SS[.mmm]` at the cursor.
bool readTimestamp(Cursor& c) {
  if (!c.number() || !c.eat('-') || !c.number()) return false;
  if (c.eat('-') && !c.number()) return false;
  if (!c.spaces()) return false;
  if (!c.number() || !c.eat(':') || !c.number() || !c.eat(':') || !c.number()) return false;
  if (c.eat('.') && !c.number()) return false;
  return true;
}

LogLine splitLogcat(std::string_view line) {
  LogLine out;
  out.message = line;
  Cursor c{line};
  c.spaces();
  if (isDigit(c.peek())) {
    Cursor probe = c;
    // `-v epoch` (what the agent reads): `SECONDS.mmm  PID  TID L TAG: msg`.
    const bool epoch = probe.number() && probe.eat('.') && probe.number() && probe.spaces() && isDigit(probe.peek());
    probe = c;
    if (!epoch && (!probe.number() || !probe.eat('-') || !isDigit(probe.peek()))) return out;  // not a date
    out.cut = true;  // from here on, a line that stops early was cut
    if (epoch) {
      c.number();
      c.eat('.');
      c.number();
      c.spaces();
    } else if (!readTimestamp(c) || !c.spaces()) {
      return out;
    }
    if (isLevel(c.peek()) && c.peek(1) == '/') {  // time: `L/TAG( PID): msg`
      out.cut = false;
      readSlashTag(c, out);
      return out;
    }
    out.pid = c.number();
    if (!out.pid) return out;
    if (c.eat('-')) {
      out.tid = c.number();
      if (!out.tid) return out;
      if (c.eat('/')) {  // Studio (old)
        out.process = c.token();
        if (!c.spaces()) return out;
        out.cut = false;
        if (!readSlashTag(c, out)) out.cut = true;
        return out;
      }
      // Studio (new): tag, package, level, message in columns.
      if (!c.spaces()) return out;
      out.tag = c.token();
      if (!c.spaces()) return out;
      out.process = c.token();
      if (!c.spaces()) return out;
      const std::string_view level = c.token();
      if (level.size() != 1 || !isLevel(level[0])) return out;
      c.spaces();
      out.message = c.rest();
      out.cut = false;
      out.prefixed = true;
      return out;
    }
    // threadtime: `PID  TID L TAG: msg`
    if (!c.spaces()) return out;
    out.tid = c.number();
    if (!out.tid || !c.spaces() || !isLevel(c.peek()) || c.peek(1) != ' ') return out;
    c.i += 2;
    const std::string_view rest = c.rest();
    const size_t colon = rest.find(": ");
    if (colon != std::string_view::npos) {
      out.tag = trim(rest.substr(0, colon));
      out.message = rest.substr(colon + 2);
    } else if (!rest.empty() && rest.back() == ':') {
      out.tag = trim(rest.substr(0, rest.size() - 1));
      out.message = {};
    } else {
      return out;
    }
    out.cut = false;
    out.prefixed = true;
    return out;
  }
  if (isLevel(c.peek()) && c.peek(1) == '/') readSlashTag(c, out);
  return out;
}

// The class of a frame "pkg.Class.method(File.java:12)": "pkg.Class".
std::string frameClass(std::string_view frame) {
  const size_t paren = frame.find('(');
  std::string_view method = frame.substr(0, paren);
  const size_t dot = method.rfind('.');
  return std::string(dot == std::string_view::npos ? method : method.substr(0, dot));
}

// A thread's outermost frame: its run() (java.lang.Thread.run, a Thread subclass's, the
// finalizer daemon's) or a process's main() (ZygoteInit.main). A stack ending there was printed
// whole; logcat's ~4 KB cut and pastes stop anywhere else.
bool isRootFrame(std::string_view frame) {
  if (frame.empty() || frame.back() != ')') return false;
  const std::string_view method = frame.substr(0, frame.find('('));
  return method.ends_with(".run") || method.ends_with(".main");
}

// "android.os.strictmode.DiskReadViolation", "android.os.StrictMode$StrictModeDiskReadViolation":
// "DiskReadViolation". The old base class StrictModeViolation is named by its violation bit.
std::string violationType(std::string_view className, std::string_view message) {
  std::string_view simple = className;
  if (const size_t dot = simple.rfind('.'); dot != std::string_view::npos) simple.remove_prefix(dot + 1);
  if (const size_t dollar = simple.rfind('$'); dollar != std::string_view::npos) simple.remove_prefix(dollar + 1);
  std::string type(simple);
  if (type.starts_with("StrictMode") && type.size() > 10) type.erase(0, 10);
  if (type == "UnbufferedIOViolation") type = "UnbufferedIoViolation";
  if (type == "Violation") {
    // StrictMode.DETECT_DISK_WRITE = 0x01, DISK_READ = 0x02, NETWORK = 0x04, CUSTOM = 0x08,
    // RESOURCE_MISMATCH = 0x10, UNBUFFERED_IO = 0x20 (Android 8's StrictMode.java).
    const size_t at = message.find("violation=");
    if (at != std::string_view::npos) {
      Cursor c{message, at + 10};
      static constexpr std::array<std::pair<int64_t, const char*>, 6> kBits = {{{1, "DiskWriteViolation"},
                                                                                {2, "DiskReadViolation"},
                                                                                {4, "NetworkViolation"},
                                                                                {8, "CustomViolation"},
                                                                                {16, "ResourceMismatchViolation"},
                                                                                {32, "UnbufferedIoViolation"}}};
      if (const auto bit = c.number()) {
        for (const auto& [value, name] : kBits) {
          if (*bit == value) type = name;
        }
      }
    }
  }
  return type;
}

// ThreadPolicy's violations (StrictMode.ThreadPolicy.Builder's detect* methods); every other
// class is a VmPolicy one.
StrictModePolicy policyOf(std::string_view type) {
  for (std::string_view t : {"DiskReadViolation", "DiskWriteViolation", "NetworkViolation", "CustomViolation",
                             "ResourceMismatchViolation", "UnbufferedIoViolation", "ExplicitGcViolation"}) {
    if (type == t) return StrictModePolicy::kThread;
  }
  return StrictModePolicy::kVm;
}

// "cls: message" or "cls"; false when `cls` cannot be a class name.
bool splitThrowable(std::string_view line, std::string& className, std::string& message) {
  const size_t colon = line.find(": ");
  const std::string_view cls = trim(colon == std::string_view::npos ? line : line.substr(0, colon));
  if (cls.empty() || cls.find(' ') != std::string_view::npos || cls.find('\t') != std::string_view::npos) return false;
  className = std::string(cls);
  message = colon == std::string_view::npos ? std::string() : std::string(trim(line.substr(colon + 2)));
  return true;
}

bool isDropBoxBoundary(std::string_view t) {
  return t.starts_with("Process: ") || (t.size() >= 20 && t.find_first_not_of('=') == std::string_view::npos);
}

}  // namespace

std::string_view strictModePolicyName(StrictModePolicy policy) {
  return policy == StrictModePolicy::kThread ? "thread" : "vm";
}

std::string_view strictModeKindName(StrictModeKind kind) {
  switch (kind) {
    case StrictModeKind::kMainThreadIo: return "mainThreadIo";
    case StrictModeKind::kCloseableLeak: return "closeableLeak";
    case StrictModeKind::kOther: return "other";
  }
  return "other";
}

StrictModeKind strictModeKind(const StrictModeViolation& v) {
  if (v.type == kLeakType) return StrictModeKind::kCloseableLeak;
  // IOCanary judges only the main thread's IO; a report from a thread known to be another one
  // stays a plain StrictMode finding.
  if ((v.type == "DiskReadViolation" || v.type == "DiskWriteViolation") && v.mainThread != false) {
    return StrictModeKind::kMainThreadIo;
  }
  return StrictModeKind::kOther;
}

void StrictModeStreamParser::problem(uint64_t lineNo, uint64_t offset, std::string message) {
  m_result.problems.push_back({lineNo, offset, std::move(message)});
}

void StrictModeStreamParser::startReport(std::string_view line, uint64_t lineNo, uint64_t offset) {
  const LogLine l = splitLogcat(line);
  if (l.cut || (l.prefixed && l.tag != "StrictMode")) return;
  const std::string_view t = trim(l.message);
  StrictModeViolation v;
  v.line = lineNo;
  v.offset = offset;
  v.pid = l.pid;
  v.tid = l.tid;
  v.process = std::string(l.process);
  if (!l.prefixed && t.starts_with("Process: ")) {
    v.fromDropBox = true;
    v.process = std::string(trim(t.substr(9)));
    m_open = std::move(v);
    m_phase = Phase::kDropBoxHeaders;
    m_dropBoxKnown = false;
    return;
  }
  if (t.starts_with(kHeader)) {
    std::string_view rest = t.substr(kHeader.size());
    if (rest.starts_with("; ~duration=")) {
      Cursor c{rest, 12};
      const bool negative = c.eat('-');
      const auto ms = c.number();
      if (!ms || !rest.substr(c.i).starts_with(" ms")) {
        problem(lineNo, offset, "StrictMode report: \"~duration=\" is not followed by a number of ms");
        return;
      }
      if (!negative) v.durationMs = *ms;  // -1: not timed (Android 8 and older print it)
      rest = rest.substr(c.i + 3);
    }
    if (!rest.starts_with(": ") || !splitThrowable(rest.substr(2), v.className, v.message)) {
      problem(lineNo, offset, "StrictMode report without a violation class after \"" + std::string(kHeader) + "\"");
      return;
    }
    v.type = violationType(v.className, v.message);
    v.policy = policyOf(v.type);
    m_open = std::move(v);
    m_tag = std::string(l.tag);
    m_phase = Phase::kLogcat;
    return;
  }
  if (t.starts_with(kOldCloseGuard)) {
    v.type = std::string(kLeakType);
    v.policy = StrictModePolicy::kVm;
    v.message = std::string(t);
    m_open = std::move(v);
    m_tag = std::string(l.tag);
    m_phase = Phase::kLogcat;
    m_expectThrowable = true;
  }
}

bool StrictModeStreamParser::continueStack(std::string_view t) {
  if (t.starts_with("at ")) {
    const std::string frame(trim(t.substr(3)));
    if (m_section == Section::kMain) m_open.stack.push_back(frame);
    if (m_section == Section::kAcquisition) m_open.acquiredAt.push_back(frame);
    m_lastFrame = frame;
    m_sectionEnded = false;
    return true;
  }
  if (t.starts_with("Caused by: ") || t.starts_with("Suppressed: ")) {
    const bool acquisition = t.starts_with("Caused by: ") && m_open.type == kLeakType && m_section == Section::kMain &&
                             m_open.acquiredAt.empty();
    m_section = acquisition ? Section::kAcquisition : Section::kIgnored;
    m_lastFrame.clear();
    m_sectionEnded = false;
    return true;
  }
  if (t.starts_with("... ") && t.ends_with(" more")) {
    m_sectionEnded = true;
    return true;
  }
  if (t.starts_with("# via Binder call with stack:")) {
    // The remote side's frames (DropBox entries): the report's own stack ended before them.
    if (!m_completeBeforeBinder) m_completeBeforeBinder = m_sectionEnded || isRootFrame(m_lastFrame);
    m_section = Section::kIgnored;
    m_lastFrame.clear();
    m_sectionEnded = false;
    return true;
  }
  return false;
}

bool StrictModeStreamParser::continueReport(std::string_view line, uint64_t) {
  const LogLine l = splitLogcat(line);
  if (l.cut) return false;
  const std::string_view t = trim(l.message);
  if (m_open.fromDropBox) {
    if (l.prefixed) return false;
    switch (m_phase) {
      case Phase::kDropBoxHeaders: {
        if (t.empty()) {
          m_phase = Phase::kDropBoxThrowable;
          return true;
        }
        if (isDropBoxBoundary(t)) return false;
        const size_t colon = t.find(": ");
        const std::string_view key = colon == std::string_view::npos ? t : t.substr(0, colon);
        const std::string_view value = colon == std::string_view::npos ? std::string_view() : trim(t.substr(colon + 2));
        // Only StrictMode's writer (logStrictModeViolationToDropBox) writes these two; a crash or
        // ANR entry's headers come from addErrorToDropBox.
        if (key == "System-App" || key == "Uptime-Millis") m_dropBoxKnown = true;
        if (key == "PID") m_open.pid = parseInt(value);
        if (key == "Duration-Millis") {
          const auto ms = parseInt(value);
          if (!ms) problem(m_result.linesRead, m_lineOffset, "DropBox \"Duration-Millis\" is not a number");
          if (ms && *ms >= 0) m_open.durationMs = ms;
        }
        return true;
      }
      case Phase::kDropBoxThrowable:
        if (t.empty()) return true;
        if (isDropBoxBoundary(t)) return false;
        if (!splitThrowable(t, m_open.className, m_open.message)) return false;
        m_open.type = violationType(m_open.className, m_open.message);
        m_open.policy = policyOf(m_open.type);
        m_phase = Phase::kStack;
        return true;
      case Phase::kStack:
        if (t.empty()) {
          m_phase = Phase::kDropBoxDetails;
          return true;
        }
        if (continueStack(t)) return true;
        m_phase = Phase::kDropBoxDetails;
        [[fallthrough]];
      case Phase::kDropBoxDetails:
        if (isDropBoxBoundary(t)) return false;
        if (!t.empty() && m_details.empty()) m_details = std::string(t);
        return true;
      default: return false;
    }
  }
  if (l.prefixed) {
    if (l.tag != (m_tag.empty() ? std::string_view("StrictMode") : std::string_view(m_tag))) return false;
    if (m_open.pid && l.pid && *m_open.pid != *l.pid) return false;
    if (m_open.tid && l.tid && *m_open.tid != *l.tid) return false;
    if (!m_open.pid && l.pid) {  // a header pasted without its prefix
      m_open.pid = l.pid;
      m_open.tid = l.tid;
    }
  }
  if (m_expectThrowable) {
    if (t.empty() || t.starts_with("at ")) return false;
    std::string message;
    if (!splitThrowable(t, m_open.className, message)) return false;
    m_expectThrowable = false;
    m_section = Section::kAcquisition;
    return true;
  }
  return continueStack(t);
}

void StrictModeStreamParser::closeReport() {
  if (m_phase == Phase::kNone) return;
  StrictModeViolation v = std::move(m_open);
  const Phase phase = m_phase;
  const bool complete = m_completeBeforeBinder ? *m_completeBeforeBinder : m_sectionEnded || isRootFrame(m_lastFrame);
  const bool expectedThrowable = m_expectThrowable;
  std::string details = std::move(m_details);
  const bool dropBoxKnown = m_dropBoxKnown;
  m_open = {};
  m_phase = Phase::kNone;
  m_tag.clear();
  m_section = Section::kMain;
  m_expectThrowable = false;
  m_sectionEnded = false;
  m_completeBeforeBinder.reset();
  m_lastFrame.clear();
  m_details.clear();
  m_dropBoxKnown = false;

  if (v.fromDropBox) {
    if (!dropBoxKnown) return;  // another tag's entry (crash, ANR, …)
    if (phase == Phase::kDropBoxHeaders || phase == Phase::kDropBoxThrowable) {
      problem(v.line, v.offset, "DropBox StrictMode entry of " + v.process + " has no stack trace");
      return;
    }
    // Android 8 and older: a VM violation's stack is the Throwable made where the resource was
    // acquired, and its message follows the stack.
    if (v.className == "java.lang.Throwable" &&
        (details.starts_with(kOldCloseGuard) || v.message.starts_with("Explicit termination method"))) {
      v.type = std::string(kLeakType);
      v.policy = StrictModePolicy::kVm;
      v.acquiredAt = std::move(v.stack);
      v.stack.clear();
      if (!details.empty()) v.message = details;
    }
  }
  v.truncated = !complete || expectedThrowable;
  const bool leak = v.type == kLeakType;
  if (v.pid && v.tid) {
    v.mainThread = *v.pid == *v.tid;
  } else if (leak) {
    v.mainThread = false;  // CloseGuard reports from the finalizer daemon
  } else {
    for (const std::string& f : v.stack) {
      if (f.starts_with("android.app.ActivityThread.main(")) v.mainThread = true;
    }
    if (!v.mainThread && !v.truncated) v.mainThread = false;
  }
  if (leak) {
    for (size_t k = 0; k + 1 < v.stack.size() && v.resource.empty(); ++k) {
      if (v.stack[k].starts_with("dalvik.system.CloseGuard.warnIfOpen(")) v.resource = frameClass(v.stack[k + 1]);
    }
    for (size_t k = 0; k + 1 < v.acquiredAt.size() && v.resource.empty(); ++k) {
      if (v.acquiredAt[k].starts_with("dalvik.system.CloseGuard.open(")) v.resource = frameClass(v.acquiredAt[k + 1]);
    }
  }
  m_result.violations.push_back(std::move(v));
}

void StrictModeStreamParser::parseLine(std::string_view line, uint64_t offset) {
  ++m_result.linesRead;
  m_lineOffset = offset;
  if (m_phase != Phase::kNone) {
    if (continueReport(line, m_result.linesRead)) return;
    closeReport();
  }
  startReport(line, m_result.linesRead, offset);
}

void StrictModeStreamParser::feed(std::string_view chunk) {
  m_lines.feed(chunk, [this](std::string_view line, uint64_t offset) { parseLine(line, offset); });
}

std::vector<StrictModeViolation> StrictModeStreamParser::take() {
  std::vector<StrictModeViolation> out = std::move(m_result.violations);
  m_result.violations.clear();
  return out;
}

void StrictModeStreamParser::flush() { closeReport(); }

StrictModeParseResult StrictModeStreamParser::finish() {
  m_lines.finish([this](std::string_view line, uint64_t offset) { parseLine(line, offset); });
  closeReport();
  StrictModeParseResult out = std::move(m_result);
  m_result = {};
  m_lines.reset();
  return out;
}

StrictModeParseResult parseStrictModeText(std::string_view text) {
  StrictModeStreamParser parser;
  parser.feed(text);
  return parser.finish();
}

}  // namespace mxi::core::strictmode
