// -fileSize (Matrix task 3): entries at least `--min` KB once installed, of the `--suffix`
// types (all when none), largest first (`--order asc`: smallest first).
#include <algorithm>

#include "core/apkcheck/apk_tasks.h"
#include "core/base/byte_units.h"

namespace mxi::core::apkcheck {

void fileSizeTask(const ApkInputs& in, const TaskParams& params, TaskResult& out) {
  const uint64_t minBytes = minBytesParam(params);
  const std::vector<std::string> suffixes = listParam(params, "--suffix");
  const bool ascending = param(params, "--order", "desc") == "asc";
  for (const ApkEntry& e : in.package->entries()) {
    if (e.entry->size < minBytes) continue;
    if (!suffixes.empty() && std::find(suffixes.begin(), suffixes.end(), suffixOf(e.name())) == suffixes.end())
      continue;
    out.findings.push_back(
        {in.package->displayName(e), e.entry->size, bytesText(e.entry->compressedSize) + " compressed"});
  }
  std::stable_sort(out.findings.begin(), out.findings.end(), [ascending](const TaskFinding& a, const TaskFinding& b) {
    return ascending ? a.bytes < b.bytes : a.bytes > b.bytes;
  });
  nlohmann::ordered_json files = nlohmann::ordered_json::array();
  uint64_t total = 0;
  for (const TaskFinding& f : out.findings) {
    files.push_back({{"entry-name", f.subject}, {"entry-size", f.bytes}});
    total += f.bytes;
  }
  out.fields["files"] = std::move(files);
  out.verdict = std::to_string(out.findings.size()) + " files of at least " + bytesText(minBytes) + ", " +
                bytesText(total) + " together";
}

}  // namespace mxi::core::apkcheck
