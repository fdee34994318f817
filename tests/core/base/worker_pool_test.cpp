#include "core/base/worker_pool.h"

#include <gtest/gtest.h>

#include <atomic>
#include <chrono>
#include <mutex>
#include <set>
#include <thread>
#include <vector>

namespace mxi::core {
namespace {

using namespace std::chrono_literals;

TEST(WorkerPoolTest, EveryTaskRunsExactlyOnce) {
  std::vector<std::atomic<int>> runs(1000);
  const Status status = WorkerPool(4).run(runs.size(), [&](size_t i) {
    runs[i].fetch_add(1);
    return okStatus();
  });
  EXPECT_TRUE(status.ok());
  for (size_t i = 0; i < runs.size(); ++i) EXPECT_EQ(runs[i].load(), 1) << "task " << i;
}

TEST(WorkerPoolTest, NeverRunsMoreThanItsThreadsAtOnce) {
  std::atomic<int> running{0}, most{0};
  std::mutex idsMutex;
  std::set<std::thread::id> ids;
  const Status status = WorkerPool(3).run(60, [&](size_t) {
    const int now = running.fetch_add(1) + 1;
    for (int seen = most.load(); now > seen && !most.compare_exchange_weak(seen, now);) {
    }
    std::this_thread::sleep_for(1ms);
    running.fetch_sub(1);
    std::lock_guard lock(idsMutex);
    ids.insert(std::this_thread::get_id());
    return okStatus();
  });
  EXPECT_TRUE(status.ok());
  EXPECT_LE(most.load(), 3);
  EXPECT_LE(ids.size(), 3u);
}

// The indexer's scan waits for its prefault helper to see it finish: with as many threads as
// tasks, every task runs at the same time as the others.
TEST(WorkerPoolTest, AsManyThreadsAsTasksRunThemAllAtOnce) {
  std::atomic<int> arrived{0};
  std::atomic<bool> allMet{true};
  const Status status = WorkerPool(4).run(4, [&](size_t) {
    arrived.fetch_add(1);
    const auto deadline = std::chrono::steady_clock::now() + 10s;
    while (arrived.load() < 4) {
      if (std::chrono::steady_clock::now() > deadline) {
        allMet = false;
        break;
      }
      std::this_thread::yield();
    }
    return okStatus();
  });
  EXPECT_TRUE(status.ok());
  EXPECT_TRUE(allMet.load());
}

TEST(WorkerPoolTest, NoMoreThreadsThanTasks) {
  std::mutex idsMutex;
  std::set<std::thread::id> ids;
  const Status status = WorkerPool(8).run(2, [&](size_t) {
    std::this_thread::sleep_for(5ms);
    std::lock_guard lock(idsMutex);
    ids.insert(std::this_thread::get_id());
    return okStatus();
  });
  EXPECT_TRUE(status.ok());
  EXPECT_LE(ids.size(), 2u);
}

TEST(WorkerPoolTest, TaskZeroRunsOnTheCallingThread) {
  for (int round = 0; round < 20; ++round) {
    std::thread::id ranOn;
    const Status status = WorkerPool(4).run(8, [&](size_t i) {
      if (i == 0) ranOn = std::this_thread::get_id();
      return okStatus();
    });
    EXPECT_TRUE(status.ok());
    EXPECT_EQ(ranOn, std::this_thread::get_id());
  }
}

TEST(WorkerPoolTest, ZeroTasksRunNothing) {
  int calls = 0;
  EXPECT_TRUE(WorkerPool(4)
                  .run(0,
                       [&](size_t) {
                         ++calls;
                         return okStatus();
                       })
                  .ok());
  EXPECT_EQ(calls, 0);
}

TEST(WorkerPoolTest, OneThreadRunsEverythingInOrder) {
  std::vector<size_t> order;
  const Status status = WorkerPool(1).run(50, [&](size_t i) {
    order.push_back(i);
    return okStatus();
  });
  EXPECT_TRUE(status.ok());
  ASSERT_EQ(order.size(), 50u);
  for (size_t i = 0; i < order.size(); ++i) EXPECT_EQ(order[i], i);
}

TEST(WorkerPoolTest, OneThreadStaysOnTheCallingThread) {
  const std::thread::id caller = std::this_thread::get_id();
  std::atomic<int> elsewhere{0};
  const Status status = WorkerPool(1).run(20, [&](size_t) {
    if (std::this_thread::get_id() != caller) elsewhere.fetch_add(1);
    return okStatus();
  });
  EXPECT_TRUE(status.ok());
  EXPECT_EQ(elsewhere.load(), 0);
}

TEST(WorkerPoolTest, FirstErrorIsReturnedAndStopsTheHandingOut) {
  std::vector<size_t> ran;
  const Status status = WorkerPool(1).run(10, [&](size_t i) {
    ran.push_back(i);
    if (i == 3) return invalidInput("task 3 failed", 33);
    if (i == 5) return ioError("task 5 failed");
    return okStatus();
  });
  EXPECT_EQ(status.code(), StatusCode::kInvalidInput);
  EXPECT_EQ(status.message(), "task 3 failed");
  EXPECT_EQ(status.offset(), 33u);
  EXPECT_EQ(ran, (std::vector<size_t>{0, 1, 2, 3}));
}

// A failure on one thread stops the others from taking further tasks: the helper, busy with
// task 1 while task 0 fails, takes no task after it.
TEST(WorkerPoolTest, FailureStopsTheOtherThreads) {
  std::atomic<bool> failing{false};
  std::atomic<int> later{0};
  const Status status = WorkerPool(2).run(100, [&](size_t i) {
    if (i == 0) {
      failing = true;
      return ioError("task 0 failed");
    }
    if (i == 1) {
      while (!failing) std::this_thread::yield();
      std::this_thread::sleep_for(100ms);  // the caller records the failure meanwhile
      return okStatus();
    }
    later.fetch_add(1);
    return okStatus();
  });
  EXPECT_EQ(status.code(), StatusCode::kIoError);
  EXPECT_EQ(later.load(), 0);
}

TEST(WorkerPoolTest, ErrorOnAHelperThreadReachesTheCaller) {
  for (int round = 0; round < 20; ++round) {
    std::vector<std::atomic<int>> runs(200);
    const Status status = WorkerPool(4).run(runs.size(), [&](size_t i) {
      runs[i].fetch_add(1);
      return i == 77 ? notFound("no 77") : okStatus();
    });
    EXPECT_EQ(status.code(), StatusCode::kNotFound);
    EXPECT_EQ(status.message(), "no 77");
    int total = 0;
    for (auto& r : runs) {
      EXPECT_LE(r.load(), 1);
      total += r.load();
    }
    EXPECT_GE(total, 78);  // every task before 77 had been handed out, so it ran
  }
}

TEST(WorkerPoolTest, CancelStopsTheHandingOutAndSaysCancelled) {
  CancelToken cancel;
  std::vector<size_t> ran;
  const Status status = WorkerPool(1).run(
      10,
      [&](size_t i) {
        ran.push_back(i);
        if (i == 2) cancel.cancel();
        return okStatus();
      },
      cancel);
  EXPECT_EQ(status.code(), StatusCode::kCancelled);
  EXPECT_EQ(ran, (std::vector<size_t>{0, 1, 2}));
}

TEST(WorkerPoolTest, ATaskErrorWinsOverCancellation) {
  CancelToken cancel;
  const Status status = WorkerPool(2).run(
      4,
      [&](size_t i) {
        if (i != 0) return okStatus();
        cancel.cancel();
        return ioError("disk gone");
      },
      cancel);
  EXPECT_EQ(status.code(), StatusCode::kIoError);
}

TEST(WorkerPoolTest, AlreadyCancelledRunsNothing) {
  CancelToken cancel;
  cancel.cancel();
  int calls = 0;
  auto task = [&](size_t) {
    ++calls;
    return okStatus();
  };
  EXPECT_EQ(WorkerPool(3).run(5, task, cancel).code(), StatusCode::kCancelled);
  EXPECT_EQ(WorkerPool(3).run(0, task, cancel).code(), StatusCode::kCancelled);
  EXPECT_EQ(calls, 0);
}

TEST(WorkerPoolTest, ZeroThreadsMeansOnePerHardwareThread) {
  EXPECT_EQ(WorkerPool(0).threads(), hardwareThreads());
  EXPECT_GE(hardwareThreads(), 1u);
  EXPECT_EQ(WorkerPool(3).threads(), 3u);
}

}  // namespace
}  // namespace mxi::core
