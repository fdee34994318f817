// -uncompressedFile (Matrix task 8): file types (by suffix, `--suffix` to choose them) whose
// entries are all stored without compression. Matrix's rule: the type's compressed total equals
// its installed total. Stored is right for resources.arsc and page-aligned .so; for the rest it
// costs download size.
#include <algorithm>
#include <map>

#include "core/apkcheck/apk_tasks.h"
#include "core/base/byte_units.h"

namespace mxi::core::apkcheck {

void uncompressedFileTask(const ApkInputs& in, const TaskParams& params, TaskResult& out) {
  const std::vector<std::string> suffixes = listParam(params, "--suffix");
  struct Totals {
    uint64_t size = 0, compressed = 0, stored = 0;
  };
  std::map<std::string, Totals> bySuffix;
  for (const ApkEntry& e : in.package->entries()) {
    const std::string suffix = suffixOf(e.name());
    if (!suffixes.empty() && std::find(suffixes.begin(), suffixes.end(), suffix) == suffixes.end()) continue;
    Totals& t = bySuffix[suffix];
    t.size += e.entry->size;
    t.compressed += e.entry->compressedSize;
    t.stored += e.entry->stored() ? 1 : 0;
  }
  nlohmann::ordered_json files = nlohmann::ordered_json::array();
  for (const auto& [suffix, t] : bySuffix) {
    if (t.size != t.compressed) continue;
    files.push_back({{"suffix", suffix}, {"total-size", t.size}});
    out.findings.push_back({suffix.empty() ? "(no suffix)" : "." + suffix, t.size,
                            std::to_string(t.stored) + " stored " + (t.stored == 1 ? "entry" : "entries")});
  }
  out.fields["files"] = std::move(files);
  std::stable_sort(out.findings.begin(), out.findings.end(),
                   [](const TaskFinding& a, const TaskFinding& b) { return a.bytes > b.bytes; });
  out.verdict = out.findings.empty() ? "every file type is compressed"
                                     : std::to_string(out.findings.size()) + " file types stored uncompressed";
}

}  // namespace mxi::core::apkcheck
