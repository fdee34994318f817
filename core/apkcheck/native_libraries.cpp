#include "core/apkcheck/native_libraries.h"

namespace mxi::core::apkcheck {

std::vector<NativeLibrary> readNativeLibraries(const ApkInputs& in) {
  std::vector<NativeLibrary> libs;
  for (const ApkEntry& e : in.package->entries()) {
    if (!e.name().starts_with("lib/") || !e.name().ends_with(".so")) continue;
    const size_t slash = e.name().find('/', 4);
    if (slash == std::string::npos || slash == 4) continue;
    NativeLibrary lib;
    lib.entry = &e;
    lib.path = in.package->displayName(e);
    lib.abi = e.name().substr(4, slash - 4);
    auto bytes = in.package->read(e);
    lib.elf = bytes.ok() ? withContext(elf::parseElf(*bytes), lib.path)
                         : StatusOr<elf::ElfFile>(bytes.status().withContext(lib.path));
    libs.push_back(std::move(lib));
  }
  return libs;
}

}  // namespace mxi::core::apkcheck
