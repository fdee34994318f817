#include "core/live/live_handoff.h"

namespace mxi::core::live {

Status LiveHandoff::open(const session::SessionHeader& header) {
  if (m_decoder.setStartNs(header.startMonotonicNs))
    m_decoded.updates.emplace_back(update::Start{header.startMonotonicNs});
  return okStatus();
}

Status LiveHandoff::push(std::span<const session::SessionRecord> records) {
  m_decoder.decode(records, m_decoded);
  return okStatus();
}

Status LiveHandoff::flush() {
  if (m_decoded.empty()) return okStatus();
  bool wake = false;
  {
    std::lock_guard lock(m_mutex);
    m_waiting.append(std::move(m_decoded));
    wake = !m_woken;
    m_woken = true;
    if (wake) ++m_wakes;
  }
  // Outside the lock: the consumer may take() at once, on another thread.
  if (wake && m_wake) m_wake();
  return okStatus();
}

LiveBatch LiveHandoff::take() {
  std::lock_guard lock(m_mutex);
  LiveBatch out = std::move(m_waiting);
  m_waiting = {};
  m_woken = false;
  return out;
}

uint64_t LiveHandoff::wakes() const {
  std::lock_guard lock(m_mutex);
  return m_wakes;
}

}  // namespace mxi::core::live
