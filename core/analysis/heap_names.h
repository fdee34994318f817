// A minified (R8/ProGuard) build's heap dump with its source names: the mapping reader
// (core/mapping) as the hprof index's NameMapper. Renaming happens once, in the index, so every
// heap view — histogram, leaks and their chains, dominators, bitmaps, strings, diff, inspector,
// known-reference matchers (which match source names), signatures — reads source names with no
// code of its own (docs/HPROF.md, "Release builds").
//
// Typical use (the CLI's --mapping, triage, the GUI):
//   ASSIGN_OR_RETURN(auto index, hprof::HeapIndex::build(...));   // shared_ptr<HeapIndex>
//   // … read the app's package and version from *index if the mapping depends on them …
//   ASSIGN_OR_RETURN(auto mapping, analysis::loadMappingFile(path));
//   analysis::applyMapping(*index, *mapping);                     // before sharing the index
//   std::shared_ptr<const hprof::HeapIndex> shared = std::move(index);
#pragma once

#include <memory>
#include <string>

#include "core/base/status.h"
#include "core/hprof/heap_index.h"
#include "core/hprof/name_mapper.h"
#include "core/mapping/r8_mapping.h"

namespace mxi::core::analysis {

// The mapping as a NameMapper (it keeps the mapping alive): classes and array classes, fields by
// declaring class, frames retraced by method and line (inlined frames expanded; overloads the
// mapping cannot tell apart shown as "a|b").
std::shared_ptr<const hprof::NameMapper> heapNamesFrom(std::shared_ptr<const mapping::R8Mapping> mapping);

// One call: renames `index` by `mapping` (HeapIndex::applyNames). Call after build and before the
// index is shared. Returns what was renamed (classes == 0: the mapping is likely another build's).
hprof::NameStats applyMapping(hprof::HeapIndex& index, const mapping::R8Mapping& mapping);

// Reads and parses a mapping.txt. Failures name the file: "FILE: cannot read", or the reader's
// "FILE: line N: … (at byte offset X)".
StatusOr<std::shared_ptr<const mapping::R8Mapping>> loadMappingFile(const std::string& path);

}  // namespace mxi::core::analysis
