// Duplicate values: java.lang.String instances with the same contents, and primitive arrays of at
// least a given size with the same elements — memory an interning or a cache would save.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "core/base/cancel_token.h"
#include "core/base/progress.h"
#include "core/base/status.h"
#include "core/hprof/heap_index.h"

namespace mxi::core::analysis {

struct DuplicateString {
  std::string value;  // UTF-8, cut to 200 characters
  uint64_t copies = 0;
  uint64_t bytesPerCopy = 0;                // String object + its value array (unless a window of a shared one)
  uint64_t wastedBytes = 0;                 // all copies − one; shared value arrays counted once
  std::vector<hprof::ObjectIndex> objects;  // up to 10 of the copies
};

struct DuplicateArray {
  hprof::BasicType elementType = hprof::BasicType::kByte;
  uint32_t length = 0;
  uint64_t bytesPerCopy = 0;
  uint64_t copies = 0;
  uint64_t wastedBytes = 0;
  std::string preview;                      // first elements, hex bytes
  std::vector<hprof::ObjectIndex> objects;  // up to 10 of the copies
};

struct DuplicateOptions {
  uint64_t minArrayBytes = 1024;  // smaller primitive arrays are not compared
};

struct DuplicateReport {
  std::vector<DuplicateString> strings;  // most wasted first
  std::vector<DuplicateArray> arrays;    // most wasted first (String value arrays excluded)
  uint64_t stringsScanned = 0, arraysScanned = 0;
  uint64_t stringWastedBytes = 0, arrayWastedBytes = 0;
};

StatusOr<DuplicateReport> findDuplicateValues(const hprof::HeapIndex& index, const DuplicateOptions& options,
                                              ProgressSink& progress, const CancelToken& cancel);

}  // namespace mxi::core::analysis
