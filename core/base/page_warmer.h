// PageWarmer: on a second thread, faults in the fresh pages a single-threaded pass is about to
// write, a bounded distance ahead of it. A fresh page is not free: the kernel zeroes it, and on a
// VM whose host takes back free memory (virtio free page reporting) the host faults it in and
// zeroes it too — measured ≈ 1 ms per MB on one core (docs/PERFORMANCE.md, fourth round). The
// pass publishes its progress; each range the warmer follows turns that into how far its pages
// are wanted, and the lead stays bounded so that hardly a page is touched that the pass will not
// write. The heap index's scan and the dominator tree's search run one as the second task of
// their WorkerPool.
#pragma once

#include <atomic>
#include <chrono>
#include <cstdint>
#include <functional>
#include <limits>
#include <vector>

namespace mxi::core {

class PageWarmer {
 public:
  using Want = std::function<uint64_t()>;
  using Fault = std::function<void(uint64_t from, uint64_t to)>;

  // A range to keep faulted in up to want() (its owner's progress plus a lead, at most its size),
  // by fault(from, to). Calls smaller than `minStep` are not worth making; `maxStep` bounds one
  // call, so that the other ranges and stop() are seen often. Before run() only.
  void follow(Want want, Fault fault, uint64_t minStep = 1, uint64_t maxStep = std::numeric_limits<uint64_t>::max());
  // Until stop(): brings each range up to what it wants, sleeping `idle` whenever none wants more.
  void run(std::chrono::microseconds idle);
  void stop() { m_stopped.store(true, std::memory_order_relaxed); }

 private:
  struct Range {
    Want want;
    Fault fault;
    uint64_t minStep, maxStep;
    uint64_t done = 0;
  };
  std::vector<Range> m_ranges;
  std::atomic<bool> m_stopped{false};
};

}  // namespace mxi::core
