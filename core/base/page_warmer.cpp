#include "core/base/page_warmer.h"

#include <thread>

namespace mxi::core {

void PageWarmer::follow(Want want, Fault fault, uint64_t minStep, uint64_t maxStep) {
  m_ranges.push_back({std::move(want), std::move(fault), minStep, maxStep});
}

void PageWarmer::run(std::chrono::microseconds idle) {
  while (!m_stopped.load(std::memory_order_relaxed)) {
    bool worked = false;
    for (Range& range : m_ranges) {
      const uint64_t want = range.want();
      if (want <= range.done || want - range.done < range.minStep) continue;
      const uint64_t to = want - range.done > range.maxStep ? range.done + range.maxStep : want;
      range.fault(range.done, to);
      range.done = to;
      worked = true;
    }
    if (!worked) std::this_thread::sleep_for(idle);
  }
}

}  // namespace mxi::core
