// Dump-to-dump comparison: what grew between a baseline and a new dump of the same app, by
// class (count, shallow and retained bytes; classes matched by name) and by leak signature
// (new, fixed, still present).
#pragma once

#include <string>
#include <vector>

#include "core/analysis/leak_analysis.h"

namespace mxi::core::analysis {

struct ClassDelta {
  std::string className;
  uint64_t countBase = 0, countNew = 0;
  uint64_t shallowBase = 0, shallowNew = 0;
  uint64_t retainedBase = 0, retainedNew = 0;  // 0 without retained sizes
  int64_t countDelta() const { return static_cast<int64_t>(countNew) - static_cast<int64_t>(countBase); }
  int64_t shallowDelta() const { return static_cast<int64_t>(shallowNew) - static_cast<int64_t>(shallowBase); }
  int64_t retainedDelta() const { return static_cast<int64_t>(retainedNew) - static_cast<int64_t>(retainedBase); }
};

struct HeapDiff {
  std::vector<ClassDelta> classes;  // changed classes only, biggest |retained|, then |shallow| change first
  std::vector<Leak> newLeaks;       // signature only in the new dump (library leaks included)
  std::vector<Leak> fixedLeaks;     // signature only in the baseline
  std::vector<std::pair<Leak, Leak>> stillPresent;  // (baseline, new)
  LeakReport base, next;                            // the full leak reports of both dumps
};

StatusOr<HeapDiff> diffHeaps(const hprof::HeapIndex& base, const hprof::HeapIndex& next, const LeakOptions& options,
                             ProgressSink& progress, const CancelToken& cancel);

}  // namespace mxi::core::analysis
