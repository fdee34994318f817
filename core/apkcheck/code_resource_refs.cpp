#include "core/apkcheck/code_resource_refs.h"

#include <utility>

namespace mxi::core::apkcheck {

CodeReferences codeResourceReferences(const ApkInputs& in) {
  CodeReferences out;
  for (const DexEntry& d : in.dexFiles) {
    if (d.parsed < 0) continue;
    auto bytes = in.dexBytes(d);
    if (!bytes.ok()) {
      out.problems.push_back(d.name + ": " + bytes.status().toString());
      continue;
    }
    // The values of R fields are not needed: fields are matched by name (unused_resources_task.cpp).
    auto refs = dex::findResourceReferences(in.dexes[size_t(d.parsed)], bytes->bytes(), {.keepRValues = false});
    if (!refs.ok()) {
      out.problems.push_back(d.name + ": " + refs.status().toString());
      continue;
    }
    dex::mergeResourceReferences(out.references, std::move(refs).value());
  }
  return out;
}

}  // namespace mxi::core::apkcheck
