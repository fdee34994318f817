// Leak analysis: finders nominate objects that should be gone, one prioritized search finds
// the shortest strong path to all of them, inspectors judge every object on the paths, and
// identical leaks (same suspect references) are grouped under a stable signature. With the
// dominator tree, each leak also says how many bytes it keeps alive. docs/LEAKS.md has the
// rules; the JSON keys of `mxi leaks` mirror these structs.
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "core/analysis/heap_dominators.h"
#include "core/analysis/known_references.h"
#include "core/analysis/leak_finders.h"
#include "core/analysis/leak_status.h"
#include "core/analysis/reference_names.h"

namespace mxi::core::analysis {

struct LeakOptions {
  FinderOptions finders;
  std::vector<KnownReference> knownReferences = builtinKnownReferences();
  bool javaLocalsLast = true;  // false: Java-frame roots count like any other root
  bool retainedSizes = true;   // build the dominator tree for retained bytes
  DominatorOptions dominators;
  const HeapDominators* precomputed = nullptr;  // reuse a dominator tree of the same index
};

struct ChainNode {
  std::string className;
  hprof::ObjectId objectId;
  ReferenceName reference;  // how this node is held by the previous one (node 0: by its GC root)
  std::string rootThread;   // node 0 of a thread-related root: the thread's name
  LeakingStatus status = LeakingStatus::kUnknown;
  std::string reason;
  bool suspect = false;  // the reference into this node is a suspect
};

struct Leak {
  std::string signature;  // hex hash of the suspect references, stable across dumps
  std::string className;  // of the leaking object
  std::string finder;
  std::string key;
  std::string description;
  std::vector<hprof::ObjectId> leakingObjectIds;
  uint64_t retainedBytes = 0;    // of all its leaking objects together (0 without dominators)
  std::vector<ChainNode> chain;  // the shortest one of the group
  int pattern = -1;              // library leaks: index into LeakReport::knownReferences
};

struct LeakReport {
  std::vector<Leak> leaks;         // application leaks, biggest retained first
  std::vector<Leak> libraryLeaks;  // the only path goes through a known reference
  std::vector<KnownReference> knownReferences;
  size_t candidates = 0;             // nominated by the finders
  size_t notStronglyReachable = 0;   // nominated but only weakly reachable, unreachable, or held only
                                     // through an ignored known reference: no leak
  size_t heldThroughOtherLeaks = 0;  // nominated, but the shortest path runs through another
                                     // leaking object: part of that leak, not one of its own
  std::vector<std::pair<std::string, double>> timingsMs;
};

StatusOr<LeakReport> analyzeLeaks(const hprof::HeapIndex& index, const LeakOptions& options, ProgressSink& progress,
                                  const CancelToken& cancel);

// Fills the leaks' retained bytes from a dominator tree of the same index (each leak counts an
// object once: leaking objects dominated by another of the same leak are not added again) and
// orders them biggest first, as analyzeLeaks does with retained sizes. For a report found
// without them (retainedSizes = false): the desktop app lists leaks before the tree exists.
void addRetainedSizes(LeakReport& report, const hprof::HeapIndex& index, const HeapDominators& dominators);

// The class name a chain shows for an object: a class object's own class, an array's array
// class ("byte[]"), "<unknown class>" when the dump lacks it. Never empty.
std::string chainClassName(const hprof::HeapIndex& index, hprof::ObjectIndex object);

// The known references (indexes into known.patterns()) a path starts at or goes through, in
// path order; `chain` is describePath(path, root).
std::vector<int> knownReferencesOnPath(const KnownReferenceMatcher& known, const std::vector<hprof::ObjectIndex>& path,
                                       const std::vector<ChainNode>& chain, const hprof::GcRoot* root);

// The shortest strong path to `object` as chain nodes (statuses judged, not propagated).
std::vector<ChainNode> describePath(const hprof::HeapIndex& index, const std::vector<hprof::ObjectIndex>& path,
                                    const hprof::GcRoot* root);

// The signature of a chain: a hash of its suspect references as "OwnerClass.name" strings
// (array slots as "[x]", so the index does not matter).
std::string leakSignature(const std::vector<ChainNode>& chain);

}  // namespace mxi::core::analysis
