#include "app/cli/transfer_progress_bar.h"

#include <unistd.h>

#include <cstdio>
#include <string>

#include "app/cli/cli_common.h"

namespace mxi::cli {

TransferProgressBar::TransferProgressBar(bool enabled, uint64_t totalBytes)
    : m_enabled(enabled && isatty(STDERR_FILENO)), m_total(totalBytes), m_start(std::chrono::steady_clock::now()) {}

void TransferProgressBar::clear() {
  if (m_enabled && m_drawn) std::fputs("\r\033[K", stderr);
  m_drawn = false;
}

bool TransferProgressBar::report(std::string_view phase, int permille) {
  const auto now = std::chrono::steady_clock::now();
  if (m_enabled && (now - m_lastDraw > std::chrono::milliseconds(100) || permille == kMax)) {
    m_lastDraw = now;
    m_drawn = true;
    constexpr int kWidth = 30;
    const int filled = permille * kWidth / kMax;
    const double done = static_cast<double>(m_total) * permille / kMax / 1e6;
    const double seconds = std::chrono::duration<double>(now - m_start).count();
    std::fprintf(stderr, "\r\033[K%.*s [%s%s] %3d%%  %.1f/%.1f MB  %.1f MB/s", static_cast<int>(phase.size()),
                 phase.data(), std::string(static_cast<size_t>(filled), '#').c_str(),
                 std::string(static_cast<size_t>(kWidth - filled), '-').c_str(), permille / 10, done,
                 static_cast<double>(m_total) / 1e6, seconds > 0 ? done / seconds : 0.0);
    std::fflush(stderr);
  }
  return !processCancelToken().isCancelled();
}

}  // namespace mxi::cli
