// -checkMultiLibrary (Matrix task 7): the ABI folders under lib/; more than one means every
// device downloads libraries it cannot run unless the store splits the APK by ABI.
#include <map>

#include "core/apkcheck/apk_tasks.h"
#include "core/base/byte_units.h"

namespace mxi::core::apkcheck {

void multiLibTask(const ApkInputs& in, const TaskParams&, TaskResult& out) {
  std::map<std::string, std::pair<uint64_t, uint64_t>> abis;  // name → installed, compressed
  for (const ApkEntry& e : in.package->entries()) {
    if (!e.name().starts_with("lib/")) continue;
    const size_t slash = e.name().find('/', 4);
    if (slash == std::string::npos || slash == 4) continue;
    auto& [size, compressed] = abis[e.name().substr(4, slash - 4)];
    size += e.entry->size;
    compressed += e.entry->compressedSize;
  }
  nlohmann::ordered_json dirs = nlohmann::ordered_json::array();
  for (const auto& [abi, sizes] : abis) {
    dirs.push_back(abi);
    out.findings.push_back({"lib/" + abi, sizes.first, bytesText(sizes.second) + " compressed"});
  }
  out.fields["lib-dirs"] = std::move(dirs);
  out.fields["multi-lib"] = abis.size() > 1;
  out.verdict = abis.empty() ? "no native libraries"
                             : std::to_string(abis.size()) + (abis.size() > 1 ? " ABI folders" : " ABI folder");
}

}  // namespace mxi::core::apkcheck
