// -unzip (Matrix task 1): every entry with its download cost (compressed bytes), and the
// package's size. Matrix extracts to disk first; we only list, nothing is written.
#include <algorithm>

#include "core/apkcheck/apk_tasks.h"
#include "core/base/byte_units.h"

namespace mxi::core::apkcheck {

void unzipTask(const ApkInputs& in, const TaskParams&, TaskResult& out) {
  const ApkPackage& package = *in.package;
  out.fields["total-size"] = package.fileSize();
  nlohmann::ordered_json entries = nlohmann::ordered_json::array();
  uint64_t installed = 0;
  uint64_t download = 0;
  for (const ApkEntry& e : package.entries()) {
    entries.push_back({{"entry-name", package.displayName(e)}, {"entry-size", e.entry->compressedSize}});
    installed += e.entry->size;
    download += e.entry->compressedSize;
    out.findings.push_back(
        {package.displayName(e), e.entry->size,
         bytesText(e.entry->compressedSize) + " compressed" + (e.entry->stored() ? " (stored)" : "")});
  }
  out.fields["entries"] = std::move(entries);
  std::stable_sort(out.findings.begin(), out.findings.end(),
                   [](const TaskFinding& a, const TaskFinding& b) { return a.bytes > b.bytes; });
  out.verdict = std::to_string(package.entries().size()) + " files, " + bytesText(installed) + " installed, " +
                bytesText(download) + " compressed, package " + bytesText(package.fileSize());
  for (const std::string& problem : package.problems()) out.error += (out.error.empty() ? "" : "; ") + problem;
}

}  // namespace mxi::core::apkcheck
