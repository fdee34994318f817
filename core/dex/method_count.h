// Method and class counts of an app's dex files, as Matrix's ApkChecker reports them
// (-countMethod, -countClass, -countR): per dex and in total, grouped by Java package or class,
// optionally under the original names an R8/ProGuard mapping gives. Plain structs; the APK
// checker writes them out.
//
// Unlike Matrix, which splits a dex's method ids by whether *that* dex defines the class, a
// method id is internal when *any* of the app's dexes defines its class: in a multidex app a
// call from classes.dex into classes2.dex is the app's own code. Classes in the default package
// (no '.') are counted under the package "" where Matrix skips them, so that internal + external
// is every method id.
#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "core/dex/dex_file.h"

namespace mxi::core::mapping {
class R8Mapping;
}

namespace mxi::core::dex {

enum class CountGroup : uint8_t { kPackage, kClass };

struct CountOptions {
  CountGroup group = CountGroup::kPackage;
  const mapping::R8Mapping* mapping = nullptr;  // when set, classes and packages go by their original names
};

struct GroupCount {
  std::string name;  // "com.example" (by package; "" the default package) or "com.example.Main" (by class)
  uint32_t methods = 0;
};

struct DexMethodCount {
  uint32_t methodIds = 0;            // internalMethods + externalMethods
  uint32_t internalMethods = 0;      // method ids of classes one of the app's dexes defines
  uint32_t externalMethods = 0;      // method ids of other classes: the framework's, arrays' (clone)
  uint32_t internalClasses = 0;      // distinct classes among the internal method ids
  uint32_t externalClasses = 0;      // distinct classes among the external method ids
  uint32_t definedMethods = 0;       // direct + virtual methods of the dex's class_defs
  uint32_t classes = 0;              // class_defs
  std::vector<GroupCount> internal;  // most methods first, then by name
  std::vector<GroupCount> external;
};

struct MethodCountReport {
  std::vector<DexMethodCount> dexes;  // in the order given
  // Method figures summed over the dexes (each dex's 64K limit counts its own references);
  // internalClasses and externalClasses count distinct classes over all of them; groups summed.
  DexMethodCount total;
};

MethodCountReport countMethods(std::span<const DexFile> dexes, const CountOptions& options = {});

struct PackageClasses {
  std::string package;               // "com.example"; "" the default package
  std::vector<std::string> classes;  // "com.example.Main", sorted
};

struct DexClassCount {
  uint32_t classes = 0;
  std::vector<PackageClasses> packages;  // sorted by package
};

// An R class and its inner classes (R$drawable, R$string…), as Matrix's -countR groups them.
struct RClassCount {
  std::string name;     // "com.example.R"
  uint32_t fields = 0;  // field ids declared by R and its R$xxx classes, over all dexes
};

struct ClassCountReport {
  std::vector<DexClassCount> dexes;   // in the order given
  uint32_t classes = 0;               // all dexes' class_defs
  std::vector<RClassCount> rClasses;  // sorted by name
  uint32_t rFields = 0;               // sum of rClasses' fields
};

// Defined classes per dex by package, and the R classes. `mapping` (optional) gives original names.
ClassCountReport countClasses(std::span<const DexFile> dexes, const mapping::R8Mapping* mapping = nullptr);

// "com.example.Main$Inner" → "com.example"; "" for a class in the default package.
std::string javaPackage(std::string_view className);
// Whether a Java class name is an R class or one of its inner classes: "com.example.R",
// "com.example.R$drawable", "R$string" (its part before the first '$' is R or ends in ".R").
bool isRClass(std::string_view className);

}  // namespace mxi::core::dex
