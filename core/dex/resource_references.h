// Which resources an app's code uses, for the APK checker's unused-resources task (Matrix's
// -unusedResources reads the same things from baksmali's text): resource ids the code loads as
// constants, the R fields it reads, and the ids the R classes hold.
//
// A resource id counts when it looks like the app's own: package byte 0x7f (aapt's and AGP's app
// package; shared libraries' 0x02–0x7e ids and the framework's 0x01 are left out, as Matrix
// ignores 0x01), a non-zero type byte. A number that only looks like one is kept too (Float.NaN
// is `const/high16 0x7fc0`): callers match the ids against the app's resource table. R classes
// go by the names the dex gives them; an R class that R8 renamed is not recognised.
#pragma once

#include <compare>
#include <cstdint>
#include <set>
#include <string>
#include <string_view>
#include <vector>

#include "core/base/status.h"
#include "core/dex/dex_file.h"

namespace mxi::core::dex {

// An R field: R.drawable.ic_launcher is {"drawable", "ic_launcher"}.
struct RField {
  std::string type;
  std::string name;
  auto operator<=>(const RField&) const = default;
};

// An int field of an R$<type> class with its id, from the class's static values.
struct RFieldValue {
  std::string rClass;  // "com.example.R$drawable"
  RField field;
  uint32_t id = 0;
};

struct ResourceReferences {
  // App resource ids in code: `const` literals, the upper half `const/high16` loads, and the
  // 4-byte elements of fill-array-data payloads (R.styleable arrays are filled this way).
  std::set<uint32_t> ids;
  // R fields that code reads (sget family), or writes from outside its own R class (a write in
  // the R class's <clinit> defines the field, it does not use it).
  std::set<RField> rFields;
  std::vector<RFieldValue> rValues;  // in class and field order
  std::set<std::string> rClasses;    // R$<type> classes the dex defines: "com.example.R$drawable"
};

// What a scan keeps besides ids, R fields read and R classes.
struct ReferenceScanOptions {
  // ResourceReferences::rValues: a large app's R classes hold tens of thousands of fields, which a
  // caller that does not read them (the APK checker) need not hold. Their values are checked either way.
  bool keepRValues = true;
};

// Walks every defined method's code in `dex`, parsed from `bytes`, and its R classes' static
// values. Every code offset, length, payload and index is checked: a bad one is an error naming
// the class, the method and the byte offset.
StatusOr<ResourceReferences> findResourceReferences(const DexFile& dex, std::string_view bytes,
                                                    const ReferenceScanOptions& options = {});

// Adds `more` (another dex of the same app) to `into`, moving its contents.
void mergeResourceReferences(ResourceReferences& into, ResourceReferences&& more);

// "Lcom/example/R$drawable;" → "drawable"; "" when the descriptor is not an R$<type> class.
std::string rClassType(std::string_view descriptor);

}  // namespace mxi::core::dex
