// Real Android-written dumps from LeakCanary's own tests (square/leakcanary, Apache-2.0:
// shark/shark-android/src/test/resources/leak_asynctask_{pre_m,m,o}.hprof — Android 4.4 on
// Genymotion, 6 and 8, ART from M on). They are not shipped: point MXI_LEAKCANARY_DUMPS at a
// folder holding them (a checkout of that resources folder); without it these tests skip.
// What is asserted is what Shark's LegacyHprofTest asserts about the same files.
#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>
#include <set>

#include "core/analysis/leak_analysis.h"

namespace mxi::core::analysis {
namespace {

std::shared_ptr<const hprof::HeapIndex> openLeakCanaryDump(const std::string& name) {
  const char* dir = std::getenv("MXI_LEAKCANARY_DUMPS");
  if (!dir || !std::filesystem::exists(std::filesystem::path(dir) / name)) return nullptr;
  NullProgress progress;
  auto index = hprof::openAndIndex((std::filesystem::path(dir) / name).string(), {}, {}, progress, CancelToken());
  EXPECT_TRUE(index.ok()) << index.status().toString();
  return index.ok() ? *index : nullptr;
}

#define MXI_REQUIRE_LEAKCANARY_DUMP(var, name)                                               \
  const auto var = openLeakCanaryDump(name);                                                 \
  if (!var)                                                                                  \
  GTEST_SKIP() << name                                                                       \
               << " is not here: set MXI_LEAKCANARY_DUMPS to a folder holding LeakCanary's " \
                  "shark-android test dumps"

LeakReport leakCanaryLeaks(const hprof::HeapIndex& index) {
  LeakOptions options;  // what Shark's test analyses: the objects its KeyedWeakReferences watch
  options.finders.matrix = options.finders.android = false;
  NullProgress progress;
  auto report = analyzeLeaks(index, options, progress, CancelToken());
  EXPECT_TRUE(report.ok()) << report.status().toString();
  return report.ok() ? std::move(*report) : LeakReport{};
}

TEST(LeakCanaryDumpsTest, AndroidO) {
  MXI_REQUIRE_LEAKCANARY_DUMP(index, "leak_asynctask_o.hprof");
  const LeakReport r = leakCanaryLeaks(*index);
  ASSERT_EQ(r.leaks.size(), 1u);
  EXPECT_EQ(r.leaks[0].className, "com.example.leakcanary.MainActivity");
  // Shark's androidOCountActivityWrappingContexts: of the ContextWrappers that are not an
  // Activity, Application or Service, 12 wrap a destroyed activity and 6 a live one.
  const AndroidObjects android(*index);
  int destroyed = 0, live = 0;
  for (uint32_t i = 0; i < index->objectCount(); ++i) {
    const hprof::ObjectIndex o{i};
    if (!android.contextWrapper || !android.isInstanceOf(o, *android.contextWrapper)) continue;
    if ((android.activity && android.isInstanceOf(o, *android.activity)) ||
        (android.application && android.isInstanceOf(o, *android.application)) ||
        (android.service && android.isInstanceOf(o, *android.service))) {
      continue;
    }
    if (const auto s = android.contextState(o)) (s->finished ? destroyed : live)++;
  }
  EXPECT_EQ(destroyed, 12);
  EXPECT_EQ(live, 6);
}

TEST(LeakCanaryDumpsTest, AndroidM) {
  MXI_REQUIRE_LEAKCANARY_DUMP(index, "leak_asynctask_m.hprof");
  const LeakReport r = leakCanaryLeaks(*index);
  ASSERT_EQ(r.leaks.size(), 1u);
  EXPECT_EQ(r.leaks[0].className, "com.example.leakcanary.MainActivity");
  EXPECT_EQ(r.leaks[0].chain.front().reference.name, "sticky class");
}

TEST(LeakCanaryDumpsTest, PreMarshmallow) {
  MXI_REQUIRE_LEAKCANARY_DUMP(index, "leak_asynctask_pre_m.hprof");
  const AndroidBuild build = readAndroidBuild(*index);
  EXPECT_EQ(build.sdk, 19);
  EXPECT_EQ(build.manufacturer, "Genymotion");
  const LeakReport r = leakCanaryLeaks(*index);
  ASSERT_EQ(r.leaks.size(), 2u);
  std::set<std::string> classes;
  for (const Leak& l : r.leaks) classes.insert(l.className);
  EXPECT_EQ(classes, (std::set<std::string>{"android.graphics.Bitmap", "com.example.leakcanary.MainActivity"}));
}

}  // namespace
}  // namespace mxi::core::analysis
