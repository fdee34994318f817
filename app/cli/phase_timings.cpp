#include "app/cli/phase_timings.h"

#include <cstdio>
#include <fstream>

#include "core/base/process_memory.h"

namespace mxi::cli {

namespace {

double processCpuMs() { return static_cast<double>(core::processCpuNanos()) / 1e6; }

long peakRssKib() { return static_cast<long>(core::readProcessMemory().peakRss >> 10); }

// Writing 5 to clear_refs resets the peak RSS to the current RSS (Linux 4.0+, proc(5)). The
// reset also hides the earlier phases from the parent's view (GNU time's %M): with --timings the
// process's peak is the largest of the phases' peaks.
void resetPeakRss() {
  std::ofstream clear("/proc/self/clear_refs");
  clear << "5";
}

}  // namespace

PhaseTimings::PhaseTimings(bool enabled) : m_enabled(enabled) {
  if (m_enabled) restart();
}

void PhaseTimings::restart() {
  resetPeakRss();
  m_wallStart = std::chrono::steady_clock::now();
  m_cpuStartMs = processCpuMs();
}

void PhaseTimings::lap(std::string_view phase) {
  if (!m_enabled) return;
  const double wallMs =
      std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - m_wallStart).count();
  const double cpuMs = processCpuMs() - m_cpuStartMs;
  std::fprintf(stderr, "mxi timing: %.*s wall %.1f ms, cpu %.1f ms, peak RSS %ld KiB\n", static_cast<int>(phase.size()),
               phase.data(), wallMs, cpuMs, peakRssKib());
  restart();
}

void PhaseTimings::note(std::string_view phase, double wallMs) const {
  if (!m_enabled) return;
  std::fprintf(stderr, "mxi timing: %.*s wall %.1f ms\n", static_cast<int>(phase.size()), phase.data(), wallMs);
}

}  // namespace mxi::cli
