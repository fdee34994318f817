// An ELF shared library (an APK's lib/<abi>/*.so) read from memory, without nm or readelf:
// its machine, whether it is stripped, the libraries it needs, and the C++ standard library
// code it carries statically. Every offset is checked; a bad one is an error naming it.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "core/base/status.h"

namespace mxi::core::elf {

struct ElfSymbol {
  std::string name;  // as stored (mangled)
  uint64_t value = 0;
  uint64_t size = 0;
  uint8_t type = 0;      // STT_*
  uint8_t bind = 0;      // STB_*
  bool defined = false;  // st_shndx != SHN_UNDEF
};

struct ElfFile {
  bool is64 = false;
  bool littleEndian = true;
  uint16_t type = 0;     // ET_DYN for a shared library
  uint16_t machine = 0;  // EM_AARCH64 183, EM_ARM 40, EM_386 3, EM_X86_64 62, EM_MIPS 8
  // "arm64-v8a", "armeabi-v7a" ("armeabi" when .ARM.attributes says pre-ARMv7), "x86", "x86_64",
  // "mips", "mips64", "" unknown
  std::string abi;
  std::string soname;
  std::vector<std::string> needed;        // DT_NEEDED, in order
  bool hasSymtab = false;                 // a .symtab section: not stripped
  bool hasDebugInfo = false;              // .debug_* sections
  uint64_t symtabSymbols = 0;             // entries in .symtab
  std::vector<ElfSymbol> dynamicSymbols;  // .dynsym
  struct Section {
    std::string name;
    uint32_t type = 0;
    uint64_t offset = 0;
    uint64_t size = 0;
  };
  std::vector<Section> sections;

  // Stripped as Matrix's -checkUnStrippedSo means it: no .symtab and no debug sections.
  bool stripped() const { return !hasSymtab && !hasDebugInfo; }
  // The C++ standard library compiled into this library (its own defined std:: symbols: libc++'s
  // std::__ndk1 / std::__1, else GNU libstdc++/gnustl, else STLport): "libc++", "gnustl",
  // "stlport" or "" (none: it uses a shared STL or none).
  std::string staticStl() const;
  // Defined symbols in namespace std (demangled prefix only), the evidence for staticStl().
  uint64_t definedStdSymbols() const;
};

StatusOr<ElfFile> parseElf(std::string_view bytes);

}  // namespace mxi::core::elf
