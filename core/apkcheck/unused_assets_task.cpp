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

bool inAnyDex(const ApkInputs& in, std::string_view text) {
  if (text.empty()) return false;
  for (const DexEntry& d : in.dexFiles) {
    if (std::search(d.bytes.begin(), d.bytes.end(), std::boyer_moore_horspool_searcher(text.begin(), text.end())) !=
        d.bytes.end()) {
      return true;
    }
  }
  return false;
}

}  // namespace

void unusedAssetsTask(const ApkInputs& in, const TaskParams& params, TaskResult& out) {
  const std::vector<std::regex> ignore = globParam(params, "--ignoreAssets");
  if (in.dexFiles.empty()) {
    // Without code nothing can name an asset, and nothing could load one either: not judged.
    out.fields["unused-assets"] = nlohmann::ordered_json::array();
    out.verdict = "no dex file: assets not checked";
    return;
  }
  nlohmann::ordered_json unused = nlohmann::ordered_json::array();
  size_t assets = 0;
  for (const ApkEntry& e : in.package->entries()) {
    if (!e.name().starts_with("assets/")) continue;
    ++assets;
    const std::string relative = e.name().substr(7);
    if (matchesAny(ignore, e.name()) || matchesAny(ignore, relative)) continue;
    const std::string fileName = relative.substr(relative.rfind('/') + 1);
    if (inAnyDex(in, relative) || inAnyDex(in, fileName)) continue;
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
