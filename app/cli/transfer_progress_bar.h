// The progress bar of file transfers (`mxi push`, `mxi pull`, `mxi apk pull`): "pull [#####-----]
// 48%  240.0/500.0 MB  312.4 MB/s" on stderr when it is a terminal. It also stops the transfer
// when Ctrl-C was pressed.
#pragma once

#include <chrono>
#include <cstdint>

#include "core/base/progress.h"

namespace mxi::cli {

class TransferProgressBar final : public core::ProgressSink {
 public:
  TransferProgressBar(bool enabled, uint64_t totalBytes);
  ~TransferProgressBar() override { clear(); }
  // When the size is known only once the transfer began (`mxi apk pull` stats its files first).
  void setTotalBytes(uint64_t totalBytes) { m_total = totalBytes; }
  // Erases the bar (before the command prints its result).
  void clear();
  bool report(std::string_view phase, int permille) override;

 private:
  bool m_enabled;
  uint64_t m_total;
  std::chrono::steady_clock::time_point m_start;
  std::chrono::steady_clock::time_point m_lastDraw{};
  bool m_drawn = false;
};

}  // namespace mxi::cli
