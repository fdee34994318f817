#include "core/apkcheck/native_libraries.h"

namespace mxi::core::apkcheck {

const std::vector<NativeLibrary>& readNativeLibraries(const ApkInputs& in) {
  if (in.nativeLibraries) return *in.nativeLibraries;
  auto read = std::make_shared<std::vector<NativeLibrary>>();
  std::vector<NativeLibrary>& libs = *read;
  for (const ApkEntry& e : in.package->entries()) {
    if (!e.name().starts_with("lib/") || !e.name().ends_with(".so")) continue;
    const size_t slash = e.name().find('/', 4);
    if (slash == std::string::npos || slash == 4) continue;
    NativeLibrary lib;
    lib.entry = &e;
    lib.path = in.package->displayName(e);
    lib.abi = e.name().substr(4, slash - 4);
    // A stored library is parsed in place: only its headers and tables are touched, not its code.
    auto bytes = in.package->view(e);
    lib.elf = bytes.ok() ? withContext(elf::parseElf(bytes->bytes()), lib.path)
                         : StatusOr<elf::ElfFile>(bytes.status().withContext(lib.path));
    if (lib.elf.ok()) {
      lib.staticStl = lib.elf->staticStl();
      lib.stdSymbols = lib.elf->definedStdSymbols();
      std::vector<elf::ElfSymbol>().swap(lib.elf->dynamicSymbols);
    }
    libs.push_back(std::move(lib));
  }
  in.nativeLibraries = std::move(read);
  return *in.nativeLibraries;
}

}  // namespace mxi::core::apkcheck
