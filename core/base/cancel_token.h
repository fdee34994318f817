// Cooperative cancellation shared between a worker and whoever may stop it (GUI, CLI signal).
#pragma once

#include <atomic>

namespace mxi::core {

class CancelToken {
 public:
  void cancel() { m_cancelled.store(true, std::memory_order_relaxed); }
  bool isCancelled() const { return m_cancelled.load(std::memory_order_relaxed); }
  // For a token reused by successive jobs; only while no job watches it.
  void reset() { m_cancelled.store(false, std::memory_order_relaxed); }

 private:
  std::atomic<bool> m_cancelled{false};
};

}  // namespace mxi::core
