// libFuzzer target for the hprof engine: index arbitrary bytes, then read everything the index
// offers (fields, strings, arrays, statics, roots, threads, histogram) so every decode path runs
// on whatever the indexer accepted. Any crash, sanitizer report, or hang is a bug.
#include <cstddef>
#include <cstdint>

#include "core/hprof/class_histogram.h"
#include "core/hprof/heap_index.h"

using namespace mxi::core;
using namespace mxi::core::hprof;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  NullProgress progress;
  CancelToken cancel;
  IndexOptions options;
  options.threads = 1;  // deterministic; the parallel pass is covered by the unit tests
  auto built = HeapIndex::build(DumpSource::fromMemory({data, size}, "fuzz.hprof"), options, progress, cancel);
  if (!built.ok()) {
    volatile size_t sink = built.status().toString().size();
    (void)sink;
    return 0;
  }
  const HeapIndex& ix = **built;
  uint64_t sink = 0;
  for (uint32_t i = 0; i < ix.objectCount(); ++i) {
    const ObjectIndex o{i};
    sink += ix.shallowSize(o) + ix.recordOffset(o) + ix.heapOf(o);
    // Lookup must find an object with that id (corrupt dumps may repeat an id; any copy will do).
    const auto found = ix.find(ix.idOf(o));
    if (!found || ix.idOf(*found) != ix.idOf(o)) __builtin_trap();
    const ClassIndex cls = ix.classOf(o);
    if (cls != kNoClass) sink += ix.classInfo(cls).name.size();
    for (ObjectIndex r : ix.references(o)) sink += r.value;
    switch (ix.kindOf(o)) {
      case ObjectKind::kInstance:
        for (const auto& [info, value] : ix.fields(o)) sink += info.name.size() + value.raw;
        if (auto s = ix.stringValue(o)) sink += s->size();
        if (auto v = ix.field(o, "value")) sink += v->raw;
        break;
      case ObjectKind::kObjectArray:
        if (auto e = ix.objectArrayElements(o)) sink += e->size();
        sink += ix.arrayLength(o);
        break;
      case ObjectKind::kPrimitiveArray:
        if (auto a = ix.primitiveArray(o)) {
          for (uint8_t b : a->bytes) sink += b;
        }
        break;
      case ObjectKind::kClass:
        if (auto c = ix.classForObject(o)) {
          for (const StaticField& st : ix.classInfo(*c).staticFields) {
            if (auto v = ix.staticField(*c, st.name)) sink += v->raw;
          }
        }
        break;
    }
  }
  for (uint32_t c = 0; c < ix.classCount(); ++c) {
    const ClassInfo& info = ix.classInfo(ClassIndex{c});
    if (info.superClass != kNoClass) sink += ix.isSubclassOf(ClassIndex{c}, info.superClass);
    if (auto found = ix.findClass(info.name)) sink += found->value;
  }
  for (const GcRoot& r : ix.roots()) sink += r.id.value + static_cast<uint64_t>(r.kind);
  for (const ThreadInfo& t : ix.threads()) sink += t.name.size() + t.frames.size();
  for (const HistogramRow& row : classHistogram(ix, std::nullopt)) sink += row.count;
  for (size_t h = 0; h < ix.heaps().size(); ++h) sink += classHistogram(ix, static_cast<uint8_t>(h)).size();
  volatile uint64_t keep = sink;
  (void)keep;
  return 0;
}
