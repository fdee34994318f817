// A dump whose dominator tree would not fit is refused before the work starts, with the figures
// and a hint, never ended by the kernel: `mxi dominators` runs under `ulimit -v` (RLIMIT_AS) set
// just above what indexing the dump takes, so the index fits and the tree does not; the
// index-only views still work under the same limit.
#include <gtest/gtest.h>

#include "tests/support/archive_writer.h"
#include "tests/support/art_sample_dump.h"
#include "tests/support/run_mxi.h"
#include "tests/support/test_paths.h"

namespace mxi {
namespace {

#if defined(__SANITIZE_ADDRESS__) || defined(__SANITIZE_THREAD__)
constexpr bool kSanitized = true;  // the sanitizers reserve terabytes of shadow address space
#elif defined(__has_feature)
#if __has_feature(address_sanitizer) || __has_feature(thread_sanitizer)
constexpr bool kSanitized = true;
#else
constexpr bool kSanitized = false;
#endif
#else
constexpr bool kSanitized = false;
#endif

// Runs mxi with RLIMIT_AS set to `limitKiB` (the shell's `ulimit -v`), stdout and stderr together.
test::ProgramRun mxiLimited(uint64_t limitKiB, std::vector<std::string> args) {
  std::vector<std::string> argv = {"/bin/sh", "-c", "ulimit -v " + std::to_string(limitKiB) + " && exec \"$0\" \"$@\"",
                                   test::cliPath()};
  argv.insert(argv.end(), args.begin(), args.end());
  return test::runProgram(argv, test::RunOptions().mergingStderr());
}

TEST(MemoryLimitCliTest, DominatorTreeThatDoesNotFitIsRefusedWithTheFigures) {
  if (kSanitized) GTEST_SKIP() << "address-space limits do not work under the sanitizers";
  const auto dir = test::scratchDir("cli-memory-limit");
  const std::string dump = (dir / "a.hprof").string();
  ASSERT_TRUE(test::writeFile(dump, test::buildArtSample().bytes));
  // The least address space in which mxi indexes this dump, found by bisection (it depends on
  // the build and the C library: malloc reserves less under a limit, so it is measured under one).
  uint64_t lo = 8 * 1024, hi = 4 * 1024 * 1024;  // KiB: fails / works
  ASSERT_EQ(mxiLimited(hi, {"info", "-q", dump}).exitCode, 0);
  while (hi - lo > 512) {
    const uint64_t mid = lo + (hi - lo) / 2;
    (mxiLimited(mid, {"info", "-q", dump}).exitCode == 0 ? hi : lo) = mid;
  }
  // 16 MiB above that: the index fits; the tree's need (at least its 64 MiB margin) does not.
  const uint64_t limitKiB = hi + 16 * 1024;

  const test::ProgramRun refused = mxiLimited(limitKiB, {"dominators", "-q", dump});
  EXPECT_EQ(refused.exitCode, 2) << refused.out;
  EXPECT_NE(refused.out.find("mxi: dominators: " + dump + ": not enough memory: the dominator tree of "),
            std::string::npos)
      << refused.out;
  EXPECT_NE(refused.out.find(" of address space but only "), std::string::npos) << refused.out;
  EXPECT_NE(refused.out.find(" is available (RLIMIT_AS); run with --no-retained to skip retained sizes"),
            std::string::npos)
      << refused.out;

  // The same refusal from leaks, and without retained sizes the leak paths work under the limit.
  EXPECT_EQ(mxiLimited(limitKiB, {"leaks", "-q", dump}).exitCode, 2);
  const test::ProgramRun paths = mxiLimited(limitKiB, {"leaks", "-q", "--no-retained", dump});
  EXPECT_EQ(paths.exitCode, 0) << paths.out;
  EXPECT_EQ(mxiLimited(limitKiB, {"info", "-q", dump}).exitCode, 0);
}

}  // namespace
}  // namespace mxi
