// -unstrippedSo (Matrix task 14): native libraries that still have a symbol table or debug
// sections. Stripping them saves those sections (.symtab, .strtab, .debug_*), which the
// findings add up. Matrix runs `nm`; we read the ELF.
#include <algorithm>

#include "core/apkcheck/apk_tasks.h"
#include "core/apkcheck/native_libraries.h"
#include "core/base/byte_units.h"

namespace mxi::core::apkcheck {

void unstrippedSoTask(const ApkInputs& in, const TaskParams&, TaskResult& out) {
  nlohmann::ordered_json unstripped = nlohmann::ordered_json::array();
  size_t stripped = 0;
  for (const NativeLibrary& lib : readNativeLibraries(in)) {
    if (!lib.elf.ok()) {
      out.error += (out.error.empty() ? "" : "; ") + lib.elf.status().toString();
      continue;
    }
    if (lib.elf->stripped()) {
      ++stripped;
      continue;
    }
    uint64_t saves = 0;
    for (const elf::ElfFile::Section& s : lib.elf->sections) {
      if (s.name == ".symtab" || s.name == ".strtab" || s.name.starts_with(".debug_")) saves += s.size;
    }
    unstripped.push_back(lib.path);
    out.findings.push_back({lib.path, saves,
                            std::to_string(lib.elf->symtabSymbols) + " symbols" +
                                (lib.elf->hasDebugInfo ? ", debug info" : "") + "; " +
                                bytesText(lib.entry->entry->size) + " now"});
    out.savableBytes += saves;
  }
  std::stable_sort(out.findings.begin(), out.findings.end(),
                   [](const TaskFinding& a, const TaskFinding& b) { return a.bytes > b.bytes; });
  out.fields["unstripped-lib"] = std::move(unstripped);
  out.verdict = out.findings.empty() ? "all " + std::to_string(stripped) + " libraries are stripped"
                                     : std::to_string(out.findings.size()) + " libraries not stripped, " +
                                           bytesText(out.savableBytes) + " of symbols and debug info";
}

}  // namespace mxi::core::apkcheck
