#include "core/analysis/root_path.h"

namespace mxi::core::analysis {

RootPath rootPathTo(const hprof::HeapIndex& index, const ShortestPaths& paths, const KnownReferenceMatcher& known,
                    hprof::ObjectIndex object) {
  RootPath out;
  out.objects = paths.pathTo(object);
  if (out.objects.empty()) {
    out.note = "no strong path from a GC root reaches it";
    return out;
  }
  const hprof::GcRoot* root = paths.rootOf(out.objects.front());
  out.chain = describePath(index, out.objects, root);
  if (paths.onlyThroughIgnored(object)) {
    for (const int p : knownReferencesOnPath(known, out.objects, out.chain, root)) {
      if (!known.isIgnored(p)) continue;
      const KnownReference& pattern = known.patterns()[static_cast<size_t>(p)];
      out.note = "held only through an ignored known reference, " + knownReferenceText(pattern);
      if (!pattern.description.empty()) out.note += ": " + pattern.description;
      break;
    }
  }
  return out;
}

}  // namespace mxi::core::analysis
