// staticStl() and definedStdSymbols(): which C++ standard library a library carries in itself.
//
// Matrix's -checkMultiSTL (matrix-apk-canary MultiSTLCheckTask.isStlLinked) runs `nm -D -C` on
// each lib/<abi>/*.so and calls it STL-linked when a line has type "T" (a global symbol defined
// in a text section) and a demangled name starting "std::". We look at the same symbols (.dynsym,
// defined, global, functions) but read the mangled name, which also says which library it is and
// is not fooled by a template function that merely returns a std:: type.
#include <optional>
#include <string_view>

#include "core/elf/elf_bytes.h"
#include "core/elf/elf_file.h"

namespace mxi::core::elf {

namespace {

enum class StdKind { kNone, kLibcxx, kGnu, kStlport };

// The Itanium encoding after "_Z" of a name in namespace std: "St" directly, or inside a nested
// name "N[rVK]*[RO]?" followed by St or one of the abbreviations for std's own classes (Sa
// allocator, Sb basic_string, Ss string, Si istream, So ostream, Sd iostream). Returns what
// follows "St" ("" for the abbreviations), or nullopt when not in std.
std::optional<std::string_view> afterStd(std::string_view name) {
  if (!name.starts_with("_Z")) return std::nullopt;
  name.remove_prefix(2);
  if (name.starts_with("N")) {
    name.remove_prefix(1);
    while (!name.empty() && (name[0] == 'r' || name[0] == 'V' || name[0] == 'K')) name.remove_prefix(1);
    if (!name.empty() && (name[0] == 'R' || name[0] == 'O')) name.remove_prefix(1);
    if (name.size() >= 2 && name[0] == 'S' && std::string_view("abisod").find(name[1]) != std::string_view::npos) {
      return std::string_view();
    }
  }
  if (name.starts_with("St")) return name.substr(2);
  return std::nullopt;
}

StdKind kindOf(const ElfSymbol& symbol) {
  if (!symbol.defined || symbol.bind != kStbGlobal || symbol.type != kSttFunc) return StdKind::kNone;
  const std::string_view name = symbol.name;
  // STLport renames namespace std to stlp_std (or _STL in old releases) with a macro.
  if (name.starts_with("_ZN8stlp_std") || name.starts_with("_ZNK8stlp_std") || name.starts_with("_ZN4_STL") ||
      name.starts_with("_ZNK4_STL")) {
    return StdKind::kStlport;
  }
  const auto rest = afterStd(name);
  if (!rest) return StdKind::kNone;
  // libc++ keeps everything in an inline namespace: std::__ndk1 in the NDK, std::__1 elsewhere.
  if (rest->starts_with("6__ndk1") || rest->starts_with("3__1")) return StdKind::kLibcxx;
  return StdKind::kGnu;
}

}  // namespace

// libc++ first, then STLport, then GNU: every C++ runtime defines a few std:: classes of its
// own (std::exception, std::type_info, std::bad_alloc), which alone say nothing about the STL
// beside them, so plain std:: symbols decide only when neither inline namespace shows.
std::string ElfFile::staticStl() const {
  bool libcxx = false;
  bool stlport = false;
  bool gnu = false;
  for (const ElfSymbol& symbol : dynamicSymbols) {
    switch (kindOf(symbol)) {
      case StdKind::kLibcxx: libcxx = true; break;
      case StdKind::kStlport: stlport = true; break;
      case StdKind::kGnu: gnu = true; break;
      case StdKind::kNone: break;
    }
  }
  if (libcxx) return "libc++";
  if (stlport) return "stlport";
  if (gnu) return "gnustl";
  return "";
}

uint64_t ElfFile::definedStdSymbols() const {
  uint64_t count = 0;
  for (const ElfSymbol& symbol : dynamicSymbols) count += kindOf(symbol) != StdKind::kNone ? 1 : 0;
  return count;
}

}  // namespace mxi::core::elf
