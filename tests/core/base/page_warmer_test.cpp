#include "core/base/page_warmer.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <thread>
#include <utility>
#include <vector>

#include "core/base/worker_pool.h"

namespace mxi::core {
namespace {

using namespace std::chrono_literals;
using Calls = std::vector<std::pair<uint64_t, uint64_t>>;

TEST(PageWarmerTest, FaultsARangeInContiguousCallsOfAtMostMaxStep) {
  PageWarmer warmer;
  Calls calls;
  warmer.follow([] { return uint64_t{100}; },
                [&](uint64_t from, uint64_t to) {
                  calls.emplace_back(from, to);
                  if (to == 100) warmer.stop();
                },
                1, 30);
  warmer.run(1us);
  EXPECT_EQ(calls, (Calls{{0, 30}, {30, 60}, {60, 90}, {90, 100}}));
}

TEST(PageWarmerTest, WaitsUntilAtLeastMinStepIsWanted) {
  PageWarmer warmer;
  const std::vector<uint64_t> wanted = {5, 7, 20, 26, 27, 28};  // then 28 for ever
  size_t asked = 0;
  Calls calls;
  warmer.follow([&] { return wanted[std::min(asked++, wanted.size() - 1)]; },
                [&](uint64_t from, uint64_t to) {
                  calls.emplace_back(from, to);
                  if (to == 28) warmer.stop();
                },
                8);
  warmer.run(1us);
  EXPECT_EQ(calls, (Calls{{0, 20}, {20, 28}}));
  EXPECT_EQ(asked, 6u);
}

TEST(PageWarmerTest, RangesTakeTurns) {
  PageWarmer warmer;
  std::vector<std::pair<char, Calls::value_type>> calls;
  for (char name : {'a', 'b'}) {
    warmer.follow([] { return uint64_t{100}; },
                  [&, name](uint64_t from, uint64_t to) {
                    calls.push_back({name, {from, to}});
                    if (name == 'b' && to == 100) warmer.stop();
                  },
                  1, 50);
  }
  warmer.run(1us);
  const std::vector<std::pair<char, Calls::value_type>> expected = {
      {'a', {0, 50}}, {'b', {0, 50}}, {'a', {50, 100}}, {'b', {50, 100}}};
  EXPECT_EQ(calls, expected);
}

// Beside a pass on another thread: never more than the lead ahead of what the pass has
// published, and everything the pass reaches is faulted in.
TEST(PageWarmerTest, StaysWithinTheLeadOfAPassOnAnotherThread) {
  constexpr uint64_t kSize = 100'000, kLead = 1'000;
  std::atomic<uint64_t> progress{0};
  std::atomic<uint64_t> faulted{0};
  uint64_t furthestAhead = 0;
  Calls calls;
  PageWarmer warmer;
  warmer.follow([&] { return std::min(progress.load() + kLead, kSize); },
                [&](uint64_t from, uint64_t to) {
                  calls.emplace_back(from, to);
                  furthestAhead = std::max(furthestAhead, to - std::min(to, progress.load()));
                  faulted.store(to);
                },
                1, 64);
  const Status ran = WorkerPool(2).run(2, [&](size_t task) {
    if (task == 1) {
      warmer.run(10us);
      return okStatus();
    }
    for (uint64_t at = 0; at < kSize; at += 100) progress.store(at);
    progress.store(kSize);
    while (faulted.load() < kSize) std::this_thread::sleep_for(100us);
    warmer.stop();
    return okStatus();
  });
  ASSERT_TRUE(ran.ok());
  EXPECT_LE(furthestAhead, kLead);
  ASSERT_FALSE(calls.empty());
  EXPECT_EQ(calls.front().first, 0u);
  EXPECT_EQ(calls.back().second, kSize);
  for (size_t i = 1; i < calls.size(); ++i) EXPECT_EQ(calls[i].first, calls[i - 1].second);
}

}  // namespace
}  // namespace mxi::core
