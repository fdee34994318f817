#include "core/methodtrace/method_trace.h"

#include <algorithm>
#include <cstring>
#include <unordered_map>

#include "core/base/text_lines.h"

namespace mxi::core::methodtrace {

namespace {

constexpr std::string_view kMagic = "SLOW";  // 0x574f4c53, little-endian
constexpr uint16_t kStreamingFlag = 0xF0;
constexpr uint8_t kOpNewMethod = 1, kOpNewThread = 2, kOpSummary = 3;
constexpr uint32_t kActionMask = 3;

uint16_t le16(const char* p) {
  uint16_t v;
  std::memcpy(&v, p, 2);
  return v;
}
uint32_t le32(const char* p) {
  uint32_t v;
  std::memcpy(&v, p, 4);
  return v;
}
uint64_t le64(const char* p) {
  uint64_t v;
  std::memcpy(&v, p, 8);
  return v;
}

std::optional<uint64_t> parseUnsigned(std::string_view s, int base) {
  if (base == 16 && (s.starts_with("0x") || s.starts_with("0X"))) s.remove_prefix(2);
  uint64_t v = 0;
  const auto r = std::from_chars(s.data(), s.data() + s.size(), v, base);
  if (s.empty() || r.ec != std::errc() || r.ptr != s.data() + s.size()) return std::nullopt;
  return v;
}

std::vector<std::string_view> splitTabs(std::string_view line) {
  std::vector<std::string_view> out;
  size_t start = 0;
  while (true) {
    const size_t tab = line.find('\t', start);
    out.push_back(line.substr(start, tab == std::string_view::npos ? std::string_view::npos : tab - start));
    if (tab == std::string_view::npos) return out;
    start = tab + 1;
  }
}

// Assigns dense indices to the file's method and thread ids, then rebuilds each thread's calls.
class TraceBuilder {
 public:
  explicit TraceBuilder(MethodTrace& trace) : m_trace(trace) {}

  Status addMethodLine(std::string_view line, uint64_t offset) {
    const auto cols = splitTabs(line);
    const auto id = cols.size() >= 4 ? parseUnsigned(cols[0], 16) : std::nullopt;
    if (!id || *id > UINT32_MAX) return invalidInput("malformed method line \"" + std::string(line) + "\"", offset);
    TraceMethod m;
    m.id = static_cast<uint32_t>(*id) & ~kActionMask;
    m.className.assign(cols[1]);
    std::replace(m.className.begin(), m.className.end(), '/', '.');
    m.name.assign(cols[2]);
    m.signature.assign(cols[3]);
    if (cols.size() >= 5) m.sourceFile.assign(cols[4]);
    if (cols.size() >= 6) {
      if (auto l = text::parseInt(cols[5])) m.line = static_cast<int32_t>(std::clamp<int64_t>(*l, -1, INT32_MAX));
    }
    if (const uint32_t* known = findMethod(m.id)) {
      if (!m_trace.methods[*known].defined) m_trace.methods[*known] = std::move(m);  // else keep the first
      return okStatus();
    }
    defineMethod(std::move(m));
    return okStatus();
  }

  void addThread(uint32_t id, std::string_view name) {
    const uint16_t index = threadIndex(id);
    if (m_trace.threads[index].name.empty()) m_trace.threads[index].name.assign(name);
  }

  // Pass 1: which frames were already running when tracing began. An exit that matches no open
  // frame is one of them, below everything still open.
  void scanEvent(uint32_t tid, uint32_t methodAction) {
    const uint16_t t = threadIndex(tid);
    const uint32_t method = methodIndex(methodAction & ~kActionMask);
    ++m_trace.records;
    ++m_trace.threads[t].records;
    if (!m_trace.methods[method].defined) ++m_trace.undefinedMethodRecords;
    std::vector<uint32_t>& stack = m_state[t].stack;
    if ((methodAction & kActionMask) == 0) {
      ++m_state[t].enters;
      stack.push_back(method);
      return;
    }
    for (size_t i = stack.size(); i-- > 0;) {
      if (stack[i] == method) {
        stack.resize(i);
        return;
      }
    }
    stack.clear();
    m_state[t].runningBefore.push_back(method);
  }

  // Between the passes: every thread starts with its running-before frames open, outermost first,
  // since the trace's start (0 on both clocks).
  void beginCalls() {
    for (size_t t = 0; t < m_state.size(); ++t) {
      ThreadState& s = m_state[t];
      s.stack.clear();
      m_trace.threads[t].calls.reserve(s.enters + s.runningBefore.size());  // exact: no growth slack
      for (auto it = s.runningBefore.rbegin(); it != s.runningBefore.rend(); ++it) {
        TraceCall c;
        c.method = *it;
        c.flags = TraceCall::kEnteredBefore;
        open(t, c);
      }
    }
  }

  // Pass 2.
  void callEvent(uint32_t tid, uint32_t methodAction, uint32_t wallRaw, uint32_t cpuRaw) {
    const uint16_t t = threadIndex(tid);
    ThreadState& s = m_state[t];
    const uint64_t wall = s.wall.unwrap(wallRaw);
    const uint64_t cpu = s.cpu.unwrap(cpuRaw);
    m_trace.endUs = std::max(m_trace.endUs, wall);
    s.nowCpu = cpu;
    const uint32_t method = methodIndex(methodAction & ~kActionMask);
    const uint32_t action = methodAction & kActionMask;
    if (action == 0) {
      TraceCall c;
      c.method = method;
      c.startUs = wall;
      c.cpuUs = static_cast<uint32_t>(cpu);  // the start until the call closes
      open(t, c);
      return;
    }
    for (size_t i = s.stack.size(); i-- > 0;) {
      if (m_trace.threads[t].calls[s.stack[i]].method != method) continue;
      while (s.stack.size() > i) close(t, wall, cpu, s.stack.size() - 1 == i && action == 2 ? TraceCall::kUnwound : 0);
      return;
    }
  }

  void finishCalls() {
    for (size_t t = 0; t < m_state.size(); ++t) {
      ThreadState& s = m_state[t];
      const uint64_t end = m_trace.hasWallClock() ? m_trace.endUs : s.wall.last;
      while (!s.stack.empty()) close(t, end, s.nowCpu, TraceCall::kUnfinished);
    }
  }

 private:
  // 32-bit µs stamps wrap after 71 minutes; each thread's clocks only move forward.
  struct Clock {
    uint64_t last = 0;
    uint64_t unwrap(uint32_t raw) {
      uint64_t v = (last & ~uint64_t{0xFFFFFFFF}) | raw;
      if (v + 0x80000000ull < last) v += 0x100000000ull;
      last = std::max(last, v);
      return v;
    }
  };
  struct ThreadState {
    std::vector<uint32_t> stack;  // pass 1: method indices; pass 2: open calls
    std::vector<uint32_t> runningBefore;
    uint64_t enters = 0;
    Clock wall, cpu;
    uint64_t nowCpu = 0;
  };

  void open(size_t t, TraceCall c) {
    ThreadState& s = m_state[t];
    auto& calls = m_trace.threads[t].calls;
    c.parent = s.stack.empty() ? kNoCall : s.stack.back();
    c.depth = static_cast<uint16_t>(std::min<size_t>(s.stack.size(), UINT16_MAX));
    s.stack.push_back(static_cast<uint32_t>(calls.size()));
    calls.push_back(c);
  }

  void close(size_t t, uint64_t wall, uint64_t cpu, uint8_t flags) {
    ThreadState& s = m_state[t];
    auto& calls = m_trace.threads[t].calls;
    TraceCall& c = calls[s.stack.back()];
    s.stack.pop_back();
    c.wallUs = static_cast<uint32_t>(std::min<uint64_t>(wall - std::min(wall, c.startUs), UINT32_MAX));
    c.cpuUs = m_trace.hasCpuClock() ? static_cast<uint32_t>(cpu - std::min<uint64_t>(cpu, c.cpuUs)) : 0;
    c.next = static_cast<uint32_t>(calls.size());
    c.flags |= flags;
  }

  uint32_t methodIndex(uint32_t id) {
    if (const uint32_t* index = findMethod(id)) return *index;
    TraceMethod m;
    m.id = id;
    m.defined = false;
    char name[32];
    std::snprintf(name, sizeof name, "0x%x", id);
    m.name = name;
    return defineMethod(std::move(m));
  }

  const uint32_t* findMethod(uint32_t id) {
    const uint32_t key = id >> 2;
    if (key < m_dense.size()) return m_dense[key] == UINT32_MAX ? nullptr : &m_dense[key];
    auto it = m_sparse.find(id);
    return it == m_sparse.end() ? nullptr : &it->second;
  }

  uint32_t defineMethod(TraceMethod m) {
    const auto index = static_cast<uint32_t>(m_trace.methods.size());
    const uint32_t key = m.id >> 2;
    // ART numbers methods 0, 1, 2…; Dalvik writes pointers. A table serves the first, a map the second.
    if (key < (1u << 22)) {
      if (key >= m_dense.size()) m_dense.resize(std::max<size_t>(key + 1, m_dense.size() * 2), UINT32_MAX);
      m_dense[key] = index;
    } else {
      m_sparse.emplace(m.id, index);
    }
    m_trace.methods.push_back(std::move(m));
    return index;
  }

  uint16_t threadIndex(uint32_t id) {
    const uint32_t key = id & 0xFFFF;
    if (m_threads.empty()) m_threads.assign(1u << 16, UINT16_MAX);
    if (m_threads[key] == UINT16_MAX) {
      m_threads[key] = static_cast<uint16_t>(m_trace.threads.size());
      m_trace.threads.push_back({key, {}, 0, {}});
      m_state.emplace_back();
    }
    return m_threads[key];
  }

  MethodTrace& m_trace;
  std::vector<uint32_t> m_dense;
  std::unordered_map<uint32_t, uint32_t> m_sparse;
  std::vector<uint16_t> m_threads;
  std::vector<ThreadState> m_state;
};

// The text part: `*version` … `*end`. `base` is the byte offset of `text` in the file.
Status parseTextHeader(std::string_view text, uint64_t base, MethodTrace& trace, TraceBuilder& builder) {
  enum class Section { kNone, kVersion, kThreads, kMethods } section = Section::kNone;
  bool versionLine = false;
  text::TextLines lines(text);
  std::string_view line;
  while (lines.next(line)) {
    const uint64_t offset = base + lines.lineOffset();
    if (line.starts_with('*')) {
      if (line == "*version") {
        section = Section::kVersion;
        versionLine = true;
      } else if (line == "*threads") {
        section = Section::kThreads;
      } else if (line == "*methods") {
        section = Section::kMethods;
      } else if (line == "*end") {
        return okStatus();
      } else {
        return invalidInput("unknown header section \"" + std::string(line) + "\"", offset);
      }
      continue;
    }
    switch (section) {
      case Section::kNone: return invalidInput("text before *version", offset);
      case Section::kVersion: {
        if (versionLine) {
          versionLine = false;
          const auto v = text::parseInt(text::trim(line));
          if (!v || *v < 1 || *v > 3)
            return invalidInput("unsupported trace version \"" + std::string(line) + "\"", offset);
          if (trace.version == 0) trace.version = static_cast<int>(*v);
          break;
        }
        const size_t eq = line.find('=');
        if (eq == std::string_view::npos) break;
        const std::string_view key = line.substr(0, eq), value = line.substr(eq + 1);
        if (key == "data-file-overflow") {
          trace.overflow = value == "true";
        } else if (key == "clock") {
          trace.clock = value == "dual"         ? TraceClock::kDual
                        : value == "thread-cpu" ? TraceClock::kCpu
                                                : TraceClock::kWall;
        } else if (key == "elapsed-time-usec") {
          trace.elapsedTimeUs = parseUnsigned(value, 10).value_or(0);
        } else if (key == "num-method-calls") {
          trace.declaredRecords = parseUnsigned(value, 10);
        } else if (key == "clock-call-overhead-nsec") {
          trace.clockOverheadNs = static_cast<uint32_t>(parseUnsigned(value, 10).value_or(0));
        } else if (key == "vm") {
          trace.vm.assign(value);
        } else if (key == "pid") {
          if (auto p = text::parseInt(value)) trace.pid = *p;
        } else {
          trace.otherHeaderKeys.emplace_back(key, value);
        }
        break;
      }
      case Section::kThreads: {
        const size_t tab = line.find('\t');
        const auto id = parseUnsigned(line.substr(0, tab), 10);
        if (!id) return invalidInput("malformed thread line \"" + std::string(line) + "\"", offset);
        builder.addThread(static_cast<uint32_t>(*id), tab == std::string_view::npos ? "" : line.substr(tab + 1));
        break;
      }
      case Section::kMethods: RETURN_IF_ERROR(builder.addMethodLine(line, offset)); break;
    }
  }
  return invalidInput("the text header ends before \"*end\"", base + text.size());
}

struct BinaryHeader {
  uint16_t version = 0;
  uint16_t dataOffset = 0;
  uint64_t startTimeUs = 0;
  uint16_t recordSize = 0;
};

// The 32-byte "SLOW" header at `offset`.
StatusOr<BinaryHeader> readBinaryHeader(std::string_view bytes, size_t offset) {
  if (bytes.size() < offset + 16) return invalidInput("the binary header is cut short", offset);
  if (bytes.substr(offset, 4) != kMagic) return invalidInput("expected the \"SLOW\" data header", offset);
  BinaryHeader h;
  h.version = le16(bytes.data() + offset + 4);
  h.dataOffset = le16(bytes.data() + offset + 6);
  h.startTimeUs = le64(bytes.data() + offset + 8);
  const int plain = h.version & 0x0F;
  if (plain < 1 || plain > 3) return invalidInput("unsupported data version " + std::to_string(h.version), offset + 4);
  if (plain >= 3 && bytes.size() >= offset + 18) h.recordSize = le16(bytes.data() + offset + 16);
  if (plain == 1) h.recordSize = 9;
  if (plain == 2) h.recordSize = 10;
  if (h.recordSize < 10 && plain >= 2)
    return invalidInput("record size " + std::to_string(h.recordSize) + " is too small", offset + 16);
  if (h.dataOffset < 16)
    return invalidInput("data offset " + std::to_string(h.dataOffset) + " is inside the header", offset + 6);
  return h;
}

// Wall and CPU stamps of one event from its raw times.
struct EventTimes {
  uint32_t wall, cpu;
};
EventTimes placeTimes(TraceClock clock, bool twoTimes, uint32_t a, uint32_t b) {
  if (twoTimes) return {b, a};  // dual: thread CPU first, then wall
  if (clock == TraceClock::kCpu) return {a, a};
  return {a, 0};
}

// The events of a classic file: fixed-size records from `at` to the end.
using Consumed = std::function<void(uint64_t)>;
constexpr size_t kConsumedStep = size_t{8} << 20;

template <typename OnEvent>
std::optional<Status> walkClassic(std::string_view bytes, size_t at, const BinaryHeader& h, OnEvent&& onEvent,
                                  const Consumed& consumed = {}) {
  const size_t size = h.recordSize;
  const bool v1 = (h.version & 0x0F) == 1;
  const char* p = bytes.data();
  size_t pos = at;
  size_t nextConsumed = at + kConsumedStep;
  for (; pos + size <= bytes.size(); pos += size) {
    if (consumed && pos >= nextConsumed) {
      consumed(pos);
      nextConsumed = pos + kConsumedStep;
    }
    const uint32_t tid = v1 ? static_cast<uint8_t>(p[pos]) : le16(p + pos);
    const size_t m = v1 ? pos + 1 : pos + 2;
    onEvent(tid, le32(p + m), le32(p + m + 4), size >= 14 ? le32(p + m + 8) : 0);
  }
  if (pos < bytes.size()) {
    return invalidInput("the trace ends inside a record (" + std::to_string(bytes.size() - pos) + " of " +
                            std::to_string(size) + " bytes)",
                        pos);
  }
  return std::nullopt;
}

StatusOr<MethodTraceReadResult> readClassic(std::string_view bytes, const Consumed& consumed) {
  MethodTraceReadResult result;
  MethodTrace& trace = result.trace;
  TraceBuilder builder(trace);
  const size_t end = bytes.find("\n*end\n");
  const size_t headerEnd = end == std::string_view::npos ? bytes.size() : end + 6;
  if (Status s = parseTextHeader(bytes.substr(0, headerEnd), 0, trace, builder); !s.ok()) {
    if (trace.version == 0) return s;
    result.error = s;
    return result;
  }
  auto header = readBinaryHeader(bytes, headerEnd);
  if (!header.ok()) {
    result.error = header.status();
    return result;
  }
  trace.startTimeUs = header->startTimeUs;
  const size_t data = headerEnd + header->dataOffset;
  if (data > bytes.size()) {
    result.error = invalidInput("the trace ends inside the binary header", bytes.size());
    return result;
  }
  const bool twoTimes = header->recordSize >= 14;
  result.error = walkClassic(bytes, data, *header,
                             [&](uint32_t tid, uint32_t ma, uint32_t, uint32_t) { builder.scanEvent(tid, ma); });
  builder.beginCalls();
  walkClassic(
      bytes, data, *header,
      [&](uint32_t tid, uint32_t ma, uint32_t a, uint32_t b) {
        const EventTimes t = placeTimes(trace.clock, twoTimes, a, b);
        builder.callEvent(tid, ma, t.wall, t.cpu);
      },
      consumed);
  builder.finishCalls();
  return result;
}

// The events of a streaming file, with the definitions between them: `onDefinition` handles
// (or skips) those. Stops after the summary.
template <typename OnEvent, typename OnMethod, typename OnThread, typename OnSummary>
std::optional<Status> walkStreaming(std::string_view bytes, size_t pos, size_t recordSize, OnEvent&& onEvent,
                                    OnMethod&& onMethod, OnThread&& onThread, OnSummary&& onSummary,
                                    const Consumed& consumed = {}) {
  const char* p = bytes.data();
  auto left = [&](size_t need) { return bytes.size() - pos >= need; };
  size_t nextConsumed = pos + kConsumedStep;
  while (pos < bytes.size()) {
    if (consumed && pos >= nextConsumed) {
      consumed(pos);
      nextConsumed = pos + kConsumedStep;
    }
    if (!left(2)) return invalidInput("the trace ends inside a record", pos);
    const uint16_t tid = le16(p + pos);
    if (tid != 0) {
      if (!left(recordSize)) return invalidInput("the trace ends inside a record", pos);
      onEvent(tid, le32(p + pos + 2), le32(p + pos + 6), recordSize >= 14 ? le32(p + pos + 10) : 0);
      pos += recordSize;
      continue;
    }
    if (!left(3)) return invalidInput("the trace ends inside a definition", pos);
    const uint8_t op = static_cast<uint8_t>(p[pos + 2]);
    if (op == kOpNewMethod) {
      if (!left(5) || !left(5 + size_t{le16(p + pos + 3)})) {
        return invalidInput("the trace ends inside a method definition", pos);
      }
      const size_t len = le16(p + pos + 3);
      std::string_view line = bytes.substr(pos + 5, len);
      if (line.ends_with('\n')) line.remove_suffix(1);
      RETURN_IF_ERROR(onMethod(line, pos + 5));
      pos += 5 + len;
    } else if (op == kOpNewThread) {
      if (!left(7) || !left(7 + size_t{le16(p + pos + 5)})) {
        return invalidInput("the trace ends inside a thread definition", pos);
      }
      const size_t len = le16(p + pos + 5);
      onThread(le16(p + pos + 3), bytes.substr(pos + 7, len));
      pos += 7 + len;
    } else if (op == kOpSummary) {
      if (!left(7) || !left(7 + size_t{le32(p + pos + 3)}))
        return invalidInput("the trace ends inside the summary", pos);
      const size_t len = le32(p + pos + 3);
      return onSummary(bytes.substr(pos + 7, len), pos + 7);
    } else {
      return invalidInput("unknown streaming op " + std::to_string(op), pos + 2);
    }
  }
  return invalidInput("the trace ends before its summary", bytes.size());
}

StatusOr<MethodTraceReadResult> readStreaming(std::string_view bytes, const Consumed& consumed) {
  MethodTraceReadResult result;
  MethodTrace& trace = result.trace;
  trace.streaming = true;
  TraceBuilder builder(trace);
  ASSIGN_OR_RETURN(const BinaryHeader header, readBinaryHeader(bytes, 0));
  trace.version = header.version & 0x0F;
  trace.startTimeUs = header.startTimeUs;
  const size_t recordSize = header.recordSize;
  const bool twoTimes = recordSize >= 14;
  trace.clock = twoTimes ? TraceClock::kDual : TraceClock::kWall;  // until the summary says
  auto none = [](auto&&...) { return okStatus(); };
  result.error = walkStreaming(
      bytes, header.dataOffset, recordSize,
      [&](uint32_t tid, uint32_t ma, uint32_t, uint32_t) { builder.scanEvent(tid, ma); },
      [&](std::string_view line, uint64_t offset) { return builder.addMethodLine(line, offset); },
      [&](uint32_t tid, std::string_view name) { builder.addThread(tid, name); },
      [&](std::string_view summary, uint64_t offset) -> std::optional<Status> {
        RETURN_IF_ERROR(parseTextHeader(summary, offset, trace, builder));
        return std::nullopt;
      });
  builder.beginCalls();
  walkStreaming(
      bytes, header.dataOffset, recordSize,
      [&](uint32_t tid, uint32_t ma, uint32_t a, uint32_t b) {
        const EventTimes t = placeTimes(trace.clock, twoTimes, a, b);
        builder.callEvent(tid, ma, t.wall, t.cpu);
      },
      none, [](uint32_t, std::string_view) {},
      [](std::string_view, uint64_t) -> std::optional<Status> { return std::nullopt; }, consumed);
  builder.finishCalls();
  return result;
}

}  // namespace

std::string_view traceClockName(TraceClock clock) {
  switch (clock) {
    case TraceClock::kWall: return "wall";
    case TraceClock::kCpu: return "cpu";
    case TraceClock::kDual: return "dual";
  }
  return "wall";
}

std::string TraceMethod::qualifiedName() const { return className.empty() ? name : className + "." + name; }

std::string TraceMethod::displayName() const { return qualifiedName() + signature; }

std::optional<size_t> MethodTrace::mainThread() const {
  if (pid) {
    for (size_t i = 0; i < threads.size(); ++i) {
      if (threads[i].id == static_cast<uint32_t>(*pid & 0xFFFF)) return i;
    }
  }
  for (size_t i = 0; i < threads.size(); ++i) {
    if (threads[i].name == "main") return i;
  }
  for (size_t i = 0; i < threads.size(); ++i) {
    if (threads[i].id == 1) return i;
  }
  return std::nullopt;
}

bool looksLikeMethodTrace(std::string_view bytes) {
  return bytes.starts_with("*version\n") || bytes.starts_with("*version\r\n") ||
         (bytes.size() >= 6 && bytes.starts_with(kMagic) &&
          (le16(bytes.data() + 4) & kStreamingFlag) == kStreamingFlag);
}

StatusOr<MethodTraceReadResult> readMethodTrace(std::string_view bytes, const Consumed& consumed) {
  if (bytes.starts_with(kMagic)) return readStreaming(bytes, consumed);
  if (bytes.starts_with("*version")) return readClassic(bytes, consumed);
  return invalidInput("not a method trace: expected \"*version\" or the streaming \"SLOW\" header", 0);
}

}  // namespace mxi::core::methodtrace
