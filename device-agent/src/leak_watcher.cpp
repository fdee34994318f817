#include "device-agent/src/leak_watcher.h"

#include <algorithm>
#include <numeric>

namespace mxi::agent {

void LeakWatcher::configure(uint32_t intervalMs, uint32_t checks) {
  m_interval =
      intervalMs == 0 ? kDefaultInterval : std::chrono::milliseconds(std::clamp<uint32_t>(intervalMs, 500, 60'000));
  m_checks = checks == 0 ? kDefaultChecks : std::clamp<uint32_t>(checks, 1, 20);
}

void LeakWatcher::destroyed(std::string activity, uint64_t wallMs, Clock::time_point now) {
  m_watched.push_back({std::move(activity), wallMs, now, now + m_interval, 0});
}

LeakWatcher::Clock::time_point LeakWatcher::nextCheck() const {
  Clock::time_point next = Clock::time_point::max();
  for (const Watched& w : m_watched) next = std::min(next, w.nextCheck);
  return next;
}

std::vector<LeakVerdict> LeakWatcher::checked(int64_t heapActivities, int64_t systemActivities, Clock::time_point now) {
  // Leaks reported earlier stay in the heap; a drop below them means one was released after all.
  const int64_t excess = std::max<int64_t>(0, heapActivities - systemActivities);
  m_reported = std::min(m_reported, excess);
  int64_t surviving = excess - m_reported;
  // Survivors first by checks survived, then by destroy order.
  std::vector<size_t> order(m_watched.size());
  std::iota(order.begin(), order.end(), size_t{0});
  std::stable_sort(order.begin(), order.end(),
                   [&](size_t a, size_t b) { return m_watched[a].survived > m_watched[b].survived; });
  std::vector<bool> alive(m_watched.size(), false);
  for (size_t i : order) {
    if (surviving <= 0) break;
    alive[i] = true;
    --surviving;
  }
  std::vector<LeakVerdict> verdicts;
  std::vector<Watched> kept;
  for (size_t i = 0; i < m_watched.size(); ++i) {
    Watched& w = m_watched[i];
    const bool due = now >= w.nextCheck;
    if (!alive[i] && due) continue;  // collected
    if (!alive[i]) {                 // destroyed since the last check: judged at its own
      kept.push_back(std::move(w));
      continue;
    }
    if (due) {
      ++w.survived;
      w.nextCheck = now + m_interval;
    }
    if (w.survived >= m_checks) {
      verdicts.push_back({w.activity, w.destroyedAtMs, w.survived, heapActivities, systemActivities, ++m_sequence});
      ++m_reported;
      continue;
    }
    kept.push_back(std::move(w));
  }
  m_watched = std::move(kept);
  return verdicts;
}

void LeakWatcher::reset() {
  m_watched.clear();
  m_reported = 0;
}

}  // namespace mxi::agent
