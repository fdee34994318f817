// The resource ids an app's code uses, read from its dex files: the 32-bit literals of `const`
// instructions (javac inlines the app's final R fields there) and the upper halves of
// `const/high16` (ids ending in 0000). Found by scanning the dex bytes for those instruction
// shapes with a known id as operand: no code is decoded, so a data word shaped like one counts
// too (the check then keeps a resource it could report; it never reports a used one as unused
// on that account). Library R fields read with `sget` are not seen (docs/APK.md "Limits").
#pragma once

#include <cstdint>
#include <unordered_set>

#include "core/apkcheck/apk_inputs.h"

namespace mxi::core::apkcheck {

// Ids from `known` that the dex files load as constants.
std::unordered_set<uint32_t> codeResourceIds(const ApkInputs& in, const std::unordered_set<uint32_t>& known);

}  // namespace mxi::core::apkcheck
