// The memory budget's estimates are exact functions of a dump's size and counts (the formulas in
// memory_budget.h), and a need that does not fit is refused with the figures and the limit that
// binds. The refusal of a real mxi run under `ulimit -v` is in tests/core/cli/memory_limit_test.cpp.
#include "core/analysis/memory_budget.h"

#include <gtest/gtest.h>

namespace mxi::core::analysis {
namespace {

constexpr uint64_t kMiB = 1ull << 20, kGiB = 1ull << 30;

TEST(MemoryBudgetTest, IndexNeedFollowsTheFileSize) {
  const MemoryNeed need = indexMemoryNeed(1'000'000'000, 8, 2);
  EXPECT_EQ(need.resident, 500'000'000u + 64 * kMiB);
  // 16 (1e9 / 18 + 3) + 4 (1e9 / 18 + 2) + 2 · 4 (1e9 / 8 + 1)
  EXPECT_EQ(need.addressSpace, 888'888'928u + 222'222'228u + 1'000'000'008u);
  EXPECT_EQ(indexMemoryNeed(1'000'000'000, 4, 1).addressSpace,
            16 * (1'000'000'000u / 14 + 3) + 4 * (1'000'000'000u / 14 + 2) + 4 * 250'000'001u);
}

TEST(MemoryBudgetTest, DominatorNeedFollowsTheCounts) {
  // javac-6000's counts: the predecessor pass, just above the path search's 37 bytes per object.
  const MemoryNeed javac = dominatorMemoryNeed(16'288'567, 44'138'875);
  EXPECT_EQ(javac.resident, 2u * (9 * 16'288'567 + 6 * 44'138'875) + 64 * kMiB);
  // Address space: the buckets and lists are reserved for all e edges beside the per-node arrays.
  EXPECT_EQ(javac.addressSpace, 2u * (12 * 16'288'567 + 6 * 44'138'875) + 64 * kMiB);
  // Few references per object: the path search.
  const MemoryNeed sparse = dominatorMemoryNeed(1'000'000, 1'000'000);
  EXPECT_EQ(sparse.resident, 37u * 1'000'000 + 64 * kMiB);
  EXPECT_EQ(sparse.addressSpace, sparse.resident);
  // With the leak search's 13 n beside them, the semidominators' 8 n + e words bind there.
  const MemoryNeed beside = dominatorWithPathsMemoryNeed(1'000'000, 1'000'000);
  EXPECT_EQ(beside.resident, 4u * 9'000'000 + 13u * 1'000'000 + 64 * kMiB);
}

TEST(MemoryBudgetTest, RefusesWithTheFiguresAndTheBindingLimit) {
  MemoryLimits limits;
  limits.memAvailable = 8 * kGiB;
  limits.cgroupMax = 3 * kGiB;
  limits.cgroupCurrent = 2 * kGiB;  // 1 GiB left: the cgroup binds
  const Status s = checkMemory({2 * kGiB, 2 * kGiB}, limits, "the dominator tree", kNoRetainedHint);
  EXPECT_EQ(s.code(), StatusCode::kResourceLimit);
  EXPECT_EQ(s.message(),
            "not enough memory: the dominator tree needs about 2.0 GiB but only 1.0 GiB is available (the "
            "cgroup's memory limit); run with --no-retained to skip retained sizes (the index-only views: info, "
            "histogram, leak paths, instances, still work)");
  EXPECT_TRUE(checkMemory({kGiB, kGiB}, limits, "x", "").ok());
}

TEST(MemoryBudgetTest, AddressSpaceLimitCountsWhatIsAlreadyMapped) {
  MemoryLimits limits;
  limits.addressLimit = 4 * kGiB;
  limits.virtualSize = 3 * kGiB;
  EXPECT_EQ(headroomOf(limits).bytes, kGiB);
  EXPECT_EQ(headroomOf(limits).source, "RLIMIT_AS");
  const Status s = checkMemory({512 * kMiB, 1536 * kMiB}, limits, "indexing this 1.5 GiB dump", "");
  EXPECT_EQ(s.message(),
            "not enough memory: indexing this 1.5 GiB dump needs about 1.5 GiB of address space but only 1.0 GiB "
            "is available (RLIMIT_AS)");
  EXPECT_EQ(headroomOf(MemoryLimits{}).source, "none");
}

}  // namespace
}  // namespace mxi::core::analysis
