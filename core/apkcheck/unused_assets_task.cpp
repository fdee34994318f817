// -unusedAssets (Matrix task 13): files under assets/ whose path (relative to assets/) or file
// name appears in no dex file's bytes. Matrix decompiles to smali and looks at const-string
// values; dex strings are stored as-is (MUTF-8), so searching the dex bytes finds the same
// names without decoding code. `--ignoreAssets` globs match the path with or without "assets/".
#include <algorithm>
#include <functional>

#include "core/apkcheck/apk_tasks.h"
#include "core/apkcheck/dex_errors.h"
#include "core/base/byte_units.h"

namespace mxi::core::apkcheck {

namespace {

bool contains(std::string_view bytes, std::string_view text) {
  if (text.empty()) return false;
  return std::search(bytes.begin(), bytes.end(), std::boyer_moore_horspool_searcher(text.begin(), text.end())) !=
         bytes.end();
}

struct Asset {
  const ApkEntry* entry = nullptr;
  std::string relative;  // below assets/
  std::string fileName;
  bool named = false;  // found in a dex
};

}  // namespace

void unusedAssetsTask(const ApkInputs& in, const TaskParams& params, TaskResult& out) {
  const std::vector<std::regex> ignore = globParam(params, "--ignoreAssets");
  if (in.dexFiles.empty()) {
    // Without code nothing can name an asset, and nothing could load one either: not judged.
    out.fields["unused-assets"] = nlohmann::ordered_json::array();
    out.verdict = "no dex file: assets not checked";
    return;
  }
  size_t assets = 0;
  std::vector<Asset> candidates;
  for (const ApkEntry& e : in.package->entries()) {
    if (!e.name().starts_with("assets/")) continue;
    ++assets;
    std::string relative = e.name().substr(7);
    if (matchesAny(ignore, e.name()) || matchesAny(ignore, relative)) continue;
    std::string fileName = relative.substr(relative.rfind('/') + 1);
    candidates.push_back({&e, std::move(relative), std::move(fileName)});
  }
  // One dex in memory at a time, every asset name looked for in it.
  for (const DexEntry& d : in.dexFiles) {
    auto bytes = in.dexBytes(d);
    if (!bytes.ok()) continue;  // its error is the dex tasks' to report
    for (Asset& a : candidates) {
      a.named = a.named || contains(bytes->bytes(), a.relative) || contains(bytes->bytes(), a.fileName);
    }
  }
  nlohmann::ordered_json unused = nlohmann::ordered_json::array();
  for (const Asset& a : candidates) {
    if (a.named) continue;
    const ApkEntry& e = *a.entry;
    unused.push_back(in.package->displayName(e));
    out.findings.push_back(
        {in.package->displayName(e), e.entry->size, bytesText(e.entry->compressedSize) + " compressed"});
    out.savableBytes += e.entry->size;
  }
  std::stable_sort(out.findings.begin(), out.findings.end(),
                   [](const TaskFinding& a, const TaskFinding& b) { return a.bytes > b.bytes; });
  out.fields["unused-assets"] = std::move(unused);
  out.verdict = std::to_string(out.findings.size()) + " of " + std::to_string(assets) + " assets unused, " +
                bytesText(out.savableBytes);
}

}  // namespace mxi::core::apkcheck
