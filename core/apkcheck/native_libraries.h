// The APK's native libraries (lib/<abi>/*.so) parsed with core/elf, for the STL and strip
// checks; a file that is not a readable ELF keeps its error, naming the entry. Read once per run
// (both tasks share it) and kept small: each library's dynamic symbols are summed up into
// staticStl / stdSymbols and then dropped (a large app's .so carry tens of thousands of them).
#pragma once

#include <string>
#include <vector>

#include "core/apkcheck/apk_inputs.h"
#include "core/elf/elf_file.h"

namespace mxi::core::apkcheck {

struct NativeLibrary {
  const ApkEntry* entry = nullptr;
  std::string path;                                   // displayName of the entry
  std::string abi;                                    // the lib/<abi>/ folder
  StatusOr<elf::ElfFile> elf = notFound("not read");  // without dynamicSymbols (see above)
  std::string staticStl;                              // elf->staticStl() before they were dropped
  uint64_t stdSymbols = 0;                            // elf->definedStdSymbols()
};

// Parsed on the first call, then the same list (ApkInputs::nativeLibraries).
const std::vector<NativeLibrary>& readNativeLibraries(const ApkInputs& in);

}  // namespace mxi::core::apkcheck
