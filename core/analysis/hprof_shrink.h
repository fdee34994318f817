// Shrinking a dump for upload, with the semantics of Matrix's HprofBufferShrinker: every record
// stays, so leak chains are unchanged; String contents and bitmap pixels stay, each distinct
// bitmap buffer once (the other Bitmaps' mBuffer is pointed at the kept copy and the duplicate
// array is dropped); every other primitive array keeps its id and type but becomes empty
// (length 0 — valid in both HotSpot and Android dumps, and accepted by hprof-conv).
#pragma once

#include <cstdint>
#include <functional>
#include <span>

#include "core/hprof/heap_index.h"

namespace mxi::core::analysis {

struct ShrinkStats {
  uint64_t inputBytes = 0;
  uint64_t outputBytes = 0;
  uint64_t arraysEmptied = 0;
  uint64_t arrayBytesDropped = 0;
  uint64_t stringArraysKept = 0;
  uint64_t bitmapBuffersKept = 0;
  uint64_t duplicateBitmapBuffers = 0;  // dropped; their Bitmaps now share the kept copy
};

// Receives the output in order, in chunks of a few MB.
using ChunkSink = std::function<Status(std::span<const uint8_t>)>;

StatusOr<ShrinkStats> shrinkDump(const hprof::HeapIndex& index, const ChunkSink& sink, ProgressSink& progress,
                                 const CancelToken& cancel);

}  // namespace mxi::core::analysis
