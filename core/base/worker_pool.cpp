#include "core/base/worker_pool.h"

#include <algorithm>
#include <atomic>
#include <mutex>
#include <thread>
#include <vector>

namespace mxi::core {

unsigned hardwareThreads() { return std::max(1u, std::thread::hardware_concurrency()); }

WorkerPool::WorkerPool(unsigned threads) : m_threads(threads ? threads : hardwareThreads()) {}

Status WorkerPool::run(size_t count, const std::function<Status(size_t)>& task) const {
  return runImpl(count, task, nullptr);
}

Status WorkerPool::run(size_t count, const std::function<Status(size_t)>& task, const CancelToken& cancel) const {
  return runImpl(count, task, &cancel);
}

Status WorkerPool::runImpl(size_t count, const std::function<Status(size_t)>& task, const CancelToken* cancel) const {
  auto isCancelled = [cancel] { return cancel && cancel->isCancelled(); };
  std::atomic<size_t> next{1};  // task 0 is the caller's
  std::mutex failureMutex;
  Status failure;
  // Runs one task; false when the thread should stop taking tasks.
  auto runOne = [&](size_t i) {
    if (isCancelled()) return false;
    Status status = task(i);
    if (status.ok()) return true;
    std::lock_guard lock(failureMutex);
    if (failure.ok()) failure = std::move(status);
    next.store(count);  // nobody takes another task
    return false;
  };
  auto work = [&] {
    for (size_t i; (i = next.fetch_add(1)) < count;) {
      if (!runOne(i)) return;
    }
  };
  if (count > 0) {
    std::vector<std::thread> helpers;
    const size_t used = std::min<size_t>(m_threads, count);
    helpers.reserve(used - 1);
    for (size_t t = 1; t < used; ++t) helpers.emplace_back(work);
    if (runOne(0)) work();
    for (std::thread& helper : helpers) helper.join();
  }
  if (!failure.ok()) return failure;
  return isCancelled() ? cancelled() : okStatus();
}

}  // namespace mxi::core
