#include "core/analysis/heap_diff.h"

#include <algorithm>
#include <cstdlib>
#include <map>

namespace mxi::core::analysis {

namespace {

struct Side {
  LeakReport leaks;
  std::map<std::string, ClassDelta> classes;  // only the side's own columns filled
};

StatusOr<Side> analyzeSide(const hprof::HeapIndex& index, const LeakOptions& options, bool isBase,
                           ProgressSink& progress, const CancelToken& cancel) {
  Side side;
  const HeapGraph graph(index);
  std::unique_ptr<HeapDominators> dominators;
  std::vector<uint64_t> retained;
  if (options.retainedSizes) {
    ASSIGN_OR_RETURN(dominators, HeapDominators::compute(graph, options.dominators, progress, cancel));
    retained = dominators->classRetainedBytes(index);
  }
  for (uint32_t c = 0; c < index.classCount(); ++c) {
    const auto [count, bytes] = index.classTotals(hprof::ClassIndex{c}, std::nullopt);
    const uint64_t kept = retained.empty() ? 0 : retained[c];
    if (count == 0 && kept == 0) continue;
    ClassDelta& d = side.classes[index.classInfo(hprof::ClassIndex{c}).name];
    d.className = index.classInfo(hprof::ClassIndex{c}).name;
    (isBase ? d.countBase : d.countNew) += count;
    (isBase ? d.shallowBase : d.shallowNew) += bytes;
    (isBase ? d.retainedBase : d.retainedNew) += kept;
  }
  LeakOptions leakOptions = options;
  leakOptions.precomputed = dominators.get();
  ASSIGN_OR_RETURN(side.leaks, analyzeLeaks(index, leakOptions, progress, cancel));
  return side;
}

}  // namespace

StatusOr<HeapDiff> diffHeaps(const hprof::HeapIndex& base, const hprof::HeapIndex& next, const LeakOptions& options,
                             ProgressSink& progress, const CancelToken& cancel) {
  ASSIGN_OR_RETURN(Side a, analyzeSide(base, options, true, progress, cancel));
  ASSIGN_OR_RETURN(Side b, analyzeSide(next, options, false, progress, cancel));
  HeapDiff diff;
  std::map<std::string, ClassDelta> merged = std::move(a.classes);
  for (auto& [name, d] : b.classes) {
    ClassDelta& m = merged[name];
    m.className = name;
    m.countNew = d.countNew;
    m.shallowNew = d.shallowNew;
    m.retainedNew = d.retainedNew;
  }
  for (auto& [name, d] : merged) {
    if (d.countDelta() != 0 || d.shallowDelta() != 0 || d.retainedDelta() != 0) diff.classes.push_back(d);
  }
  std::stable_sort(diff.classes.begin(), diff.classes.end(), [](const ClassDelta& x, const ClassDelta& y) {
    if (std::llabs(x.retainedDelta()) != std::llabs(y.retainedDelta())) {
      return std::llabs(x.retainedDelta()) > std::llabs(y.retainedDelta());
    }
    return std::llabs(x.shallowDelta()) > std::llabs(y.shallowDelta());
  });

  auto bySignature = [](const LeakReport& r) {
    std::map<std::string, const Leak*> out;
    for (const auto* list : {&r.leaks, &r.libraryLeaks}) {
      for (const Leak& l : *list) out.emplace(l.signature, &l);
    }
    return out;
  };
  const auto before = bySignature(a.leaks);
  const auto after = bySignature(b.leaks);
  for (const auto& [sig, leak] : after) {
    const auto it = before.find(sig);
    if (it == before.end()) {
      diff.newLeaks.push_back(*leak);
    } else {
      diff.stillPresent.emplace_back(*it->second, *leak);
    }
  }
  for (const auto& [sig, leak] : before) {
    if (!after.count(sig)) diff.fixedLeaks.push_back(*leak);
  }
  diff.base = std::move(a.leaks);
  diff.next = std::move(b.leaks);
  return diff;
}

}  // namespace mxi::core::analysis
