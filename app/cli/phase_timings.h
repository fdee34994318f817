// `--timings`: each phase of a dump command (open, index, dominators, paths) as one line on
// stderr with its wall time, its CPU time (all threads) and the peak RSS reached during it, so
// tests/bench/heap_growth_bench.sh can chart how each phase's cost grows with the dump.
#pragma once

#include <chrono>
#include <string_view>

namespace mxi::cli {

class PhaseTimings {
 public:
  // Starts the first phase now. Disabled: every call does nothing.
  explicit PhaseTimings(bool enabled);
  // Ends the current phase: prints
  //   mxi timing: PHASE wall MS ms, cpu MS ms, peak RSS KIB KiB
  // and starts the next. The peak is the phase's own when the kernel lets the process reset its
  // high-water mark (/proc/self/clear_refs), else the process's peak so far.
  void lap(std::string_view phase);
  // A sub-phase the engine timed itself (wall only), e.g. the index's scan and organise steps:
  //   mxi timing: PHASE wall MS ms
  void note(std::string_view phase, double wallMs) const;

 private:
  void restart();

  bool m_enabled;
  std::chrono::steady_clock::time_point m_wallStart;
  double m_cpuStartMs = 0;
};

}  // namespace mxi::cli
