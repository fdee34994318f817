// The path from a GC root to one object as `mxi dominators` and the desktop app's inspector
// show it: the chain, and in words why the path is an unusual one (only an ignored known
// reference holds the object) or why there is none.
#pragma once

#include <string>
#include <vector>

#include "core/analysis/leak_analysis.h"
#include "core/analysis/shortest_paths.h"

namespace mxi::core::analysis {

struct RootPath {
  std::vector<hprof::ObjectIndex> objects;  // GC-root object first, the object last; may be empty
  std::vector<ChainNode> chain;             // describePath(objects)
  std::string note;                         // "" for an ordinary strong path
};

// `paths` searched with `known` on `index`, with `object` among its targets (or everything).
RootPath rootPathTo(const hprof::HeapIndex& index, const ShortestPaths& paths, const KnownReferenceMatcher& known,
                    hprof::ObjectIndex object);

}  // namespace mxi::core::analysis
