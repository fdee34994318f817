// libFuzzer target for core/elf (the APK checker's reader of lib/<abi>/*.so): parse, then walk
// what the checks use (DT_NEEDED, sections, dynamic symbols, the static STL verdict).
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "core/elf/elf_file.h"

using namespace mxi::core;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const auto elf = elf::parseElf(std::string_view(reinterpret_cast<const char*>(data), size));
  if (!elf.ok()) return 0;
  uint64_t sink = elf->abi.size() + elf->soname.size() + elf->symtabSymbols + (elf->stripped() ? 1 : 0);
  for (const auto& needed : elf->needed) sink += needed.size();
  for (const auto& section : elf->sections) sink += section.name.size() + section.size;
  for (const auto& symbol : elf->dynamicSymbols) sink += symbol.name.size() + symbol.value + symbol.type;
  sink += elf->staticStl().size() + elf->definedStdSymbols();
  volatile uint64_t keep = sink;
  (void)keep;
  return 0;
}
