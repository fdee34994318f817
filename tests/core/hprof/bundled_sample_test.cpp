// The bundled sample (resources/samples, what scripts/run.sh shows) must open and match the
// ground truth its fixture program printed when it was made.
#include <gtest/gtest.h>

#include <fstream>
#include <map>
#include <set>

#include <nlohmann/json.hpp>

#include "core/hprof/class_histogram.h"
#include "core/hprof/heap_index.h"
#include "tests/support/test_paths.h"

namespace mxi::core::hprof {
namespace {

TEST(BundledSampleTest, OpensAndMatchesItsGroundTruth) {
  const std::string dir = test::sourceDir() + "/resources/samples/";
  std::ifstream in(dir + "sample-android-shaped.truth.json");
  ASSERT_TRUE(in);
  const auto truth = nlohmann::json::parse(in);
  NullProgress progress;
  CancelToken cancel;
  auto index = openAndIndex(dir + "sample-android-shaped.hprof.gz", {}, {}, progress, cancel);
  ASSERT_TRUE(index.ok()) << index.status().toString();
  const HeapIndex& ix = **index;
  EXPECT_EQ(ix.source().container(), ContainerKind::kGzip);
  EXPECT_EQ(ix.stats().format, "JAVA PROFILE 1.0.2");
  EXPECT_TRUE(ix.stats().warnings.empty());
  std::map<std::string, uint64_t> counts;
  for (const HistogramRow& r : classHistogram(ix, std::nullopt)) counts[r.className] = r.count;
  ASSERT_FALSE(truth.at("counts").empty());
  for (const auto& [cls, n] : truth.at("counts").items()) EXPECT_EQ(counts[cls], n.get<uint64_t>()) << cls;
  std::set<std::string> threads;
  for (const ThreadInfo& t : ix.threads()) threads.insert(t.name);
  for (const auto& name : truth.at("threads")) EXPECT_TRUE(threads.count(name.get<std::string>())) << name;
  // Every expected string value exists as a java.lang.String.
  std::set<std::string> strings;
  const auto stringClass = ix.findClass("java.lang.String");
  ASSERT_TRUE(stringClass);
  for (uint32_t i = 0; i < ix.objectCount(); ++i) {
    if (ix.classOf(ObjectIndex{i}) == *stringClass) strings.insert(ix.stringValue(ObjectIndex{i}).value_or(""));
  }
  for (const auto& s : truth.at("strings")) EXPECT_TRUE(strings.count(s.get<std::string>())) << s;
}

}  // namespace
}  // namespace mxi::core::hprof
