// The resources an app's code uses, over all its dex files, through core/dex's
// findResourceReferences: ids loaded as constants (and styleable arrays), and R fields read
// (library R classes, whose fields are not constants, are read with sget). A dex whose code
// cannot be walked is a problem naming it; the others still count.
#pragma once

#include <string>
#include <vector>

#include "core/apkcheck/apk_inputs.h"
#include "core/dex/resource_references.h"

namespace mxi::core::apkcheck {

struct CodeReferences {
  dex::ResourceReferences references;
  std::vector<std::string> problems;  // "classes2.dex: … (at byte offset N)"
};

CodeReferences codeResourceReferences(const ApkInputs& in);

}  // namespace mxi::core::apkcheck
