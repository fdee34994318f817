// Writes method traces the way ART does (classic v3 dual-clock or v2 single-clock files, and the
// streaming format), with events the test chooses, so the reader and the verdicts are checked
// against exact times. Independent of core/trace's reader: only the format is shared.
#pragma once

#include <cstdint>
#include <cstring>
#include <string>
#include <vector>

namespace mxi::test {

class MethodTraceWriter {
 public:
  enum class Clock { kDual, kWall, kCpu };
  explicit MethodTraceWriter(Clock clock = Clock::kDual, int pid = 4242) : m_clock(clock), m_pid(pid) {}

  // Method ids are ART's: index << 2.
  uint32_t method(const std::string& cls, const std::string& name, const std::string& sig,
                  const std::string& source = "") {
    const uint32_t id = static_cast<uint32_t>(m_methods.size()) << 2;
    m_methods.push_back({id, cls + "\t" + name + "\t" + sig + "\t" + source});
    return id;
  }
  void thread(uint16_t tid, const std::string& name) { m_threads.push_back({tid, name}); }
  void enter(uint16_t tid, uint32_t method, uint32_t wallUs, uint32_t cpuUs = 0) {
    m_events.push_back({tid, method, wallUs, cpuUs});
  }
  void exit(uint16_t tid, uint32_t method, uint32_t wallUs, uint32_t cpuUs = 0) {
    m_events.push_back({tid, method | 1, wallUs, cpuUs});
  }
  void unwind(uint16_t tid, uint32_t method, uint32_t wallUs, uint32_t cpuUs = 0) {
    m_events.push_back({tid, method | 2, wallUs, cpuUs});
  }
  uint64_t startTimeUs = 1'700'000'000'000'000ull;
  uint64_t elapsedUs = 0;

  std::string classic() const { return summary(false) + binaryHeader(false) + records(); }

  // Thread definitions before a thread's first event, method definitions before first use, the
  // summary last.
  std::string streaming() const {
    std::string out = binaryHeader(true);
    std::vector<bool> threadSeen(65536), methodSeen(m_methods.size());
    for (const Event& e : m_events) {
      if (!threadSeen[e.tid]) {
        threadSeen[e.tid] = true;
        for (const auto& [tid, name] : m_threads) {
          if (tid != e.tid) continue;
          out += le16(0) + std::string(1, '\2') + le16(tid) + le16(static_cast<uint16_t>(name.size())) + name;
        }
      }
      const size_t index = (e.methodAction & ~3u) >> 2;
      if (index < m_methods.size() && !methodSeen[index]) {
        methodSeen[index] = true;
        const std::string line = methodLine(m_methods[index]);
        out += le16(0) + std::string(1, '\1') + le16(static_cast<uint16_t>(line.size())) + line;
      }
      out += record(e);
    }
    const std::string s = summary(true);
    out += le16(0) + std::string(1, '\3') + le32(static_cast<uint32_t>(s.size())) + s;
    return out;
  }

 private:
  struct Method {
    uint32_t id;
    std::string rest;
  };
  struct Event {
    uint16_t tid;
    uint32_t methodAction, wall, cpu;
  };

  static std::string le16(uint16_t v) { return std::string{static_cast<char>(v & 0xFF), static_cast<char>(v >> 8)}; }
  static std::string le32(uint32_t v) { return le16(static_cast<uint16_t>(v)) + le16(static_cast<uint16_t>(v >> 16)); }
  static std::string le64(uint64_t v) { return le32(static_cast<uint32_t>(v)) + le32(static_cast<uint32_t>(v >> 32)); }
  static std::string methodLine(const Method& m) {
    char id[16];
    std::snprintf(id, sizeof id, "%#x", m.id);
    return std::string(id) + "\t" + m.rest + "\n";
  }
  bool dual() const { return m_clock == Clock::kDual; }

  std::string summary(bool streaming) const {
    std::string s = "*version\n" + std::to_string(dual() ? 3 : 2) + "\ndata-file-overflow=false\n";
    s += m_clock == Clock::kDual ? "clock=dual\n" : m_clock == Clock::kWall ? "clock=wall\n" : "clock=thread-cpu\n";
    s += "elapsed-time-usec=" + std::to_string(elapsedUs) + "\n";
    if (!streaming) s += "num-method-calls=" + std::to_string(m_events.size()) + "\n";
    s += "clock-call-overhead-nsec=1200\nvm=art\npid=" + std::to_string(m_pid) + "\n*threads\n";
    for (const auto& [tid, name] : m_threads) s += std::to_string(tid) + "\t" + name + "\n";
    s += "*methods\n";
    if (!streaming) {
      for (const Method& m : m_methods) s += methodLine(m);
    }
    return s + "*end\n";
  }

  std::string binaryHeader(bool streaming) const {
    const uint16_t version = static_cast<uint16_t>((dual() ? 3 : 2) | (streaming ? 0xF0 : 0));
    std::string h = "SLOW" + le16(version) + le16(32) + le64(startTimeUs) + le16(dual() ? 14 : 10);
    h.resize(32, '\0');
    return h;
  }

  std::string record(const Event& e) const {
    std::string r = le16(e.tid) + le32(e.methodAction);
    if (dual()) return r + le32(e.cpu) + le32(e.wall);
    return r + le32(m_clock == Clock::kCpu ? e.cpu : e.wall);
  }
  std::string records() const {
    std::string out;
    for (const Event& e : m_events) out += record(e);
    return out;
  }

  Clock m_clock;
  int m_pid;
  std::vector<Method> m_methods;
  std::vector<std::pair<uint16_t, std::string>> m_threads;
  std::vector<Event> m_events;
};

// A 900 ms Looper dispatch on the main thread (pid 10) spent in an obfuscated method, `a.b.c()V`;
// kObfuscatedMapping names it `com.example.Slow.work()V`.
inline MethodTraceWriter obfuscatedSlowDispatch() {
  MethodTraceWriter w(MethodTraceWriter::Clock::kWall, 10);
  w.thread(10, "main");
  const uint32_t dispatch = w.method("android.os.Handler", "dispatchMessage", "(Landroid/os/Message;)V");
  const uint32_t obfuscated = w.method("a.b", "c", "()V");
  w.enter(10, dispatch, 0);
  w.enter(10, obfuscated, 10);
  w.exit(10, obfuscated, 900'000);
  w.exit(10, dispatch, 900'010);
  return w;
}
inline constexpr const char* kObfuscatedMapping = "com.example.Slow -> a.b:\n    void work() -> c\n";

}  // namespace mxi::test
