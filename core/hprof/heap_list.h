// The heaps a dump lists: every view that names heaps (mxi info, histogram errors, the GUI's
// overview and heaps bar) shows only those that hold objects.
//
// Why the index keeps empty heaps at all: `default` is heap 0 by construction (roots, HotSpot
// objects and whatever an Android segment holds before its first HEAP_DUMP_INFO land there), and
// HeapIndex::heapOf() is an index into heaps(), so positions never move. On an Android dump ART
// and Dalvik start every segment in `default` and immediately switch to app / image / zygote, so
// `default` usually holds nothing — and listing "default 0 objects" next to "app" only confuses.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "core/hprof/heap_index.h"

namespace mxi::core::hprof {

// Indices into HeapIndex::heaps() of the heaps holding at least one object, in dump order.
std::vector<uint8_t> listedHeaps(const HeapIndex& index);

// "zygote, app": the names of listedHeaps(), for messages.
std::string listedHeapNames(const HeapIndex& index);

}  // namespace mxi::core::hprof
