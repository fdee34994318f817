// WorkerPool: the one place where core/ and the device agent run work on several threads (the
// heap indexer, triage, the agent's chunk compression). Everything else stays synchronous
// (house rule T1); only app/gui/jobs/ starts threads of its own.
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>

#include "core/base/cancel_token.h"
#include "core/base/status.h"

namespace mxi::core {

// The machine's hardware threads, at least 1.
unsigned hardwareThreads();

// Whether a pass over `items` elements is worth splitting over two cores: enough work (about a
// million elements) to pay for starting a thread and for the split, and a second core to run on.
inline bool worthTwoCores(uint64_t items) { return items >= (uint64_t{1} << 20) && hardwareThreads() >= 2; }

// Runs numbered tasks on up to `threads` threads and waits for them. The threads live for one
// run(): the callers hand it a few large tasks (an index segment, a heap dump, a 4 MiB chunk),
// beside which starting a thread costs nothing, and a pool without idle threads needs no
// shutdown. Tasks report failure through their Status; nothing here throws.
class WorkerPool {
 public:
  // 0 means one thread per hardware thread.
  explicit WorkerPool(unsigned threads = 0);

  unsigned threads() const { return m_threads; }

  // Runs task(0) … task(count - 1), each at most once, on min(threads(), count) threads, the
  // calling thread being one of them, and returns when all have finished. Task 0 always runs
  // on the calling thread (a task 0 that reports progress reports from the caller's thread);
  // the others are handed out in index order to whichever thread is free. Tasks run
  // concurrently, so a task may wait for another only when threads() >= count.
  // The first task that fails stops the handing out (tasks already running finish) and its
  // Status is returned. Every task runs when none fails and nothing cancels.
  Status run(size_t count, const std::function<Status(size_t)>& task) const;
  // The same, and `cancel` is checked before each task: once it fires no task starts and,
  // unless a task failed, run() returns cancelled().
  Status run(size_t count, const std::function<Status(size_t)>& task, const CancelToken& cancel) const;

 private:
  Status runImpl(size_t count, const std::function<Status(size_t)>& task, const CancelToken* cancel) const;

  unsigned m_threads;
};

}  // namespace mxi::core
