#include "app/cli/phase_timings.h"

#include <cstdio>
#include <ctime>
#include <fstream>
#include <string>

namespace mxi::cli {

namespace {

double processCpuMs() {
  timespec t{};
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
  return static_cast<double>(t.tv_sec) * 1e3 + static_cast<double>(t.tv_nsec) / 1e6;
}

// VmHWM from /proc/self/status, in KiB (0 when unreadable).
long peakRssKib() {
  std::ifstream status("/proc/self/status");
  std::string line;
  while (std::getline(status, line)) {
    if (line.rfind("VmHWM:", 0) == 0) return std::stol(line.substr(6));
  }
  return 0;
}

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
