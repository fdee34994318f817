// -checkMultiSTL (Matrix task 11): libraries that carry the C++ standard library statically.
// Two of them in one ABI hold two copies of the STL, with separate globals (exceptions and
// RTTI across them break); use the shared libc++_shared.so. Matrix runs `nm`; we read the ELF.
#include <map>

#include "core/apkcheck/apk_tasks.h"
#include "core/apkcheck/native_libraries.h"

namespace mxi::core::apkcheck {

void multiStlTask(const ApkInputs& in, const TaskParams&, TaskResult& out) {
  nlohmann::ordered_json stlLibs = nlohmann::ordered_json::array();
  std::map<std::string, int> perAbi;
  for (const NativeLibrary& lib : readNativeLibraries(in)) {
    if (!lib.elf.ok()) {
      out.error += (out.error.empty() ? "" : "; ") + lib.elf.status().toString();
      continue;
    }
    const std::string& stl = lib.staticStl;
    if (stl.empty()) continue;
    stlLibs.push_back(lib.path);
    ++perAbi[lib.abi];
    out.findings.push_back({lib.path, lib.entry->entry->size,
                            stl + " linked statically (" + std::to_string(lib.stdSymbols) + " std:: symbols)"});
  }
  bool multi = false;
  std::string abis;
  for (const auto& [abi, n] : perAbi) {
    if (n < 2) continue;
    multi = true;
    abis += (abis.empty() ? "" : ", ") + abi + " (" + std::to_string(n) + ")";
  }
  out.fields["stl-lib"] = std::move(stlLibs);
  out.fields["multi-stl"] = multi;
  out.verdict = multi ? "several libraries link the STL statically in " + abis
                : out.findings.empty()
                    ? "no library links the STL statically"
                    : std::to_string(out.findings.size()) + " libraries with a static STL, one per ABI";
}

}  // namespace mxi::core::apkcheck
