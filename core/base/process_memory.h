// What this process uses and may still use: resident memory split into anonymous (our tables)
// and file-backed (pages of a mapped dump), its peak, CPU time, and the memory the machine can
// still give it (MemAvailable, the memory cgroup's limit − usage (v2 or v1), RLIMIT_AS − VmSize).
// Used to record each analysis phase's cost (docs/PERFORMANCE.md) and to refuse work that would
// not fit before it starts (docs/HPROF.md, "Memory budget").
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace mxi::core {

struct ProcessMemory {
  uint64_t rssAnon = 0;  // bytes
  uint64_t rssFile = 0;  // bytes (mapped files: the dump)
  uint64_t peakRss = 0;  // VmHWM: the highest RSS so far, what `time -v` reports
  uint64_t virtualSize = 0;
};
// Reads /proc/self/status; zeros where it is unavailable.
ProcessMemory readProcessMemory();
// User + system CPU time of the whole process (every thread), in nanoseconds.
uint64_t processCpuNanos();

// Memory this process may still allocate without the kernel refusing or killing it: the least of
// what each limit in force leaves. `source` names the limit that binds ("MemAvailable",
// "the cgroup's memory limit", "RLIMIT_AS"), UINT64_MAX / "none" when nothing could be read.
struct MemoryHeadroom {
  uint64_t bytes = UINT64_MAX;
  std::string source = "none";
};
// The three readings, separately, for tests and for the pure function below.
struct MemoryLimits {
  uint64_t memAvailable = UINT64_MAX;  // /proc/meminfo MemAvailable
  uint64_t cgroupMax = UINT64_MAX;     // memory.max (v2) / memory.limit_in_bytes (v1) of the binding cgroup
  uint64_t cgroupCurrent = 0;          // its memory.current / memory.usage_in_bytes
  uint64_t addressLimit = UINT64_MAX;  // RLIMIT_AS soft limit
  uint64_t virtualSize = 0;            // VmSize now (counts against RLIMIT_AS)
};
MemoryLimits readMemoryLimits();
MemoryHeadroom headroomOf(const MemoryLimits& limits);
inline MemoryHeadroom memoryHeadroom() { return headroomOf(readMemoryLimits()); }

// Per-phase cost log: wall and CPU milliseconds of each phase, resident memory at its end and the
// peak so far (the phase where the peak rises is the one that sets it).
struct PhaseCost {
  std::string name;
  double wallMs = 0;
  double cpuMs = 0;
  uint64_t rssAnon = 0, rssFile = 0, peakRss = 0;
  uint64_t virtualSize = 0;  // address space at its end (what RLIMIT_AS limits)
};
class PhaseLog {
 public:
  PhaseLog();
  // Ends the current phase under `name` and starts the next.
  void mark(std::string name);
  const std::vector<PhaseCost>& phases() const { return m_phases; }

 private:
  std::vector<PhaseCost> m_phases;
  uint64_t m_wall, m_cpu;
};

}  // namespace mxi::core
