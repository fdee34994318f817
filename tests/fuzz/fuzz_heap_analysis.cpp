// libFuzzer target for the heap analyses: whatever the indexer accepts goes through leak
// finding (paths, statuses, signatures), the dominator tree, bitmap and duplicate scans and the
// shrinker, whose output must index again. Any crash, sanitizer report or hang is a bug.
#include <cstddef>
#include <cstdint>
#include <vector>

#include "core/analysis/bitmaps.h"
#include "core/analysis/duplicate_values.h"
#include "core/analysis/hprof_shrink.h"
#include "core/analysis/leak_analysis.h"

using namespace mxi::core;
using namespace mxi::core::analysis;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  NullProgress progress;
  CancelToken cancel;
  hprof::IndexOptions options;
  options.threads = 1;
  auto built =
      hprof::HeapIndex::build(hprof::DumpSource::fromMemory({data, size}, "fuzz.hprof"), options, progress, cancel);
  if (!built.ok()) return 0;
  const hprof::HeapIndex& ix = **built;
  LeakOptions leakOptions;
  leakOptions.finders.classes = {"java.lang.Object", "android.app.Activity"};
  if (ix.objectCount() > 0) leakOptions.finders.objects = {ix.idOf(hprof::ObjectIndex{0})};
  (void)analyzeLeaks(ix, leakOptions, progress, cancel);
  (void)findDuplicateBitmaps(ix, {0}, progress, cancel);
  (void)findDuplicateValues(ix, {0}, progress, cancel);
  std::vector<uint8_t> shrunk;
  auto stats = shrinkDump(
      ix,
      [&](std::span<const uint8_t> chunk) {
        shrunk.insert(shrunk.end(), chunk.begin(), chunk.end());
        return okStatus();
      },
      progress, cancel);
  if (stats.ok()) {
    auto again =
        hprof::HeapIndex::build(hprof::DumpSource::fromMemory(shrunk, "shrunk.hprof"), options, progress, cancel);
    if (!again.ok()) __builtin_trap();  // shrinking a dump we could read must give one we can read
  }
  return 0;
}
