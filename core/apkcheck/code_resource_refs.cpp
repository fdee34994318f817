#include "core/apkcheck/code_resource_refs.h"

namespace mxi::core::apkcheck {

CodeReferences codeResourceReferences(const ApkInputs& in) {
  CodeReferences out;
  for (const DexEntry& d : in.dexFiles) {
    if (d.parsed < 0) continue;
    auto refs = dex::findResourceReferences(in.dexes[size_t(d.parsed)], d.bytes);
    if (!refs.ok()) {
      out.problems.push_back(d.name + ": " + refs.status().toString());
      continue;
    }
    dex::mergeResourceReferences(out.references, *refs);
  }
  return out;
}

}  // namespace mxi::core::apkcheck
