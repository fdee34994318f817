// The APK's native libraries (lib/<abi>/*.so) parsed with core/elf, for the STL and strip
// checks; a file that is not a readable ELF keeps its error, naming the entry.
#pragma once

#include <string>
#include <vector>

#include "core/apkcheck/apk_inputs.h"
#include "core/elf/elf_file.h"

namespace mxi::core::apkcheck {

struct NativeLibrary {
  const ApkEntry* entry = nullptr;
  std::string path;  // displayName of the entry
  std::string abi;   // the lib/<abi>/ folder
  StatusOr<elf::ElfFile> elf = notFound("not read");
};

std::vector<NativeLibrary> readNativeLibraries(const ApkInputs& in);

}  // namespace mxi::core::apkcheck
