// An independent oracle: VisualVM's heap library (Debian package visualvm) must count the same
// instances per class as mxi on the real JVM fixture dumps.
#include <gtest/gtest.h>

#include <filesystem>
#include <map>

#include <nlohmann/json.hpp>

#include "core/hprof/class_histogram.h"
#include "core/hprof/heap_index.h"
#include "tests/support/programs.h"
#include "tests/support/test_paths.h"

namespace mxi::core::hprof {
namespace {

class VisualVmCrossCheck : public ::testing::TestWithParam<std::string> {};

TEST_P(VisualVmCrossCheck, SameInstancesPerClass) {
  const std::string dump = test::fixtureDumpDir() + "/" + GetParam() + ".hprof";
  ASSERT_TRUE(std::filesystem::exists(test::build::visualvmJar())) << "visualvm missing: scripts/setup.sh installs it";
  std::filesystem::remove_all(dump + ".hwcache");  // VisualVM's index cache; index afresh
  const std::string out =
      test::runProgram({"java", "-cp", std::string(test::build::visualvmJar()) + ":" + test::build::visualvmHarness(),
                        "VisualVmHeap", dump, "classcounts"})
          .out;
  std::filesystem::remove_all(dump + ".hwcache");
  const auto oracle = nlohmann::json::parse(out, nullptr, false);
  ASSERT_FALSE(oracle.is_discarded()) << out;
  ASSERT_GT(oracle.size(), 300u);

  NullProgress progress;
  CancelToken cancel;
  auto ix = openAndIndex(dump, {}, {}, progress, cancel);
  ASSERT_TRUE(ix.ok()) << ix.status().toString();
  std::map<std::string, uint64_t> ours;
  for (const auto& row : classHistogram(**ix, std::nullopt)) ours[row.className] = row.count;
  // VisualVM does not count class objects as instances of java.lang.Class; we do.
  ours["java.lang.Class"] -= (*ix)->stats().classes;
  if (ours["java.lang.Class"] == 0) ours.erase("java.lang.Class");
  std::map<std::string, uint64_t> theirs;
  for (const auto& [name, count] : oracle.items()) theirs[name] = count.get<uint64_t>();
  EXPECT_EQ(ours, theirs);
}

INSTANTIATE_TEST_SUITE_P(Dumps, VisualVmCrossCheck, ::testing::Values("android_heap", "android_heap_utf16"));

}  // namespace
}  // namespace mxi::core::hprof
