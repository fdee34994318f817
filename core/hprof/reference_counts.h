// What the "References" figure counts, broken down by where each reference sits, and the same
// references counted as AOSP's ahat and Perfetto's hprof importer count them (docs/HPROF.md).
//
// Why a breakdown: tools disagree on what a reference is. Ours (HeapIndex's CSR, what every
// analysis walks) also holds a class's superclass and class loader, so that a class keeps both
// alive in the dominator tree as HotSpot's and ART's GCs do; ahat and Perfetto leave those out,
// and Perfetto keeps an instance field whose id names no object (its `owned_id` is NULL) where
// ahat and we drop it. Counted by the index as it resolves the references, so this is O(1).
#pragma once

#include <cstdint>

#include "core/hprof/heap_index.h"

namespace mxi::core::hprof {

struct ReferenceCounts {
  // Resolved references (non-null ids naming an object in the dump), by where they sit.
  uint64_t instanceFields = 0;  // object-typed instance fields, superclasses' included
  uint64_t arrayElements = 0;   // object-array elements
  uint64_t staticFields = 0;    // a class's object-typed statics (ART: `$class$…`, `$classOverhead` too)
  uint64_t superclasses = 0;    // class → its superclass
  uint64_t classLoaders = 0;    // class → its class loader (0 = the boot loader: none)
  // Non-null ids naming no object: never edges, counted apart.
  uint64_t danglingInstanceFields = 0;
  uint64_t danglingOther = 0;  // array elements, statics, superclass, loader

  // Our figure: every resolved reference (== IndexStats::references).
  uint64_t total() const { return instanceFields + arrayElements + staticFields + superclasses + classLoaders; }
  // AOSP ahat (AhatClassInstance / AhatArrayInstance / AhatClassObj getReferences()): fields,
  // elements and statics that name an object; no superclass or loader.
  uint64_t ahat() const { return instanceFields + arrayElements + staticFields; }
  // Perfetto's art_hprof importer (rows of heap_graph_reference): ahat's, plus every non-null
  // instance field even when its id names no object.
  uint64_t perfetto() const { return ahat() + danglingInstanceFields; }
};

// From the counts the index took while resolving the references (IndexStats).
ReferenceCounts countReferences(const HeapIndex& index);

}  // namespace mxi::core::hprof
