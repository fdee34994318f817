// -findNonAlphaPng (Matrix task 6): PNGs that cannot be transparent (9-patches left out, they
// need PNG), at least `--min` KB: JPEG or WebP would hold them smaller. The bytes are the PNG's.
#include <algorithm>

#include "core/apkcheck/apk_tasks.h"
#include "core/apkcheck/png_alpha.h"
#include "core/base/byte_units.h"

namespace mxi::core::apkcheck {

void nonAlphaPngTask(const ApkInputs& in, const TaskParams& params, TaskResult& out) {
  const uint64_t minBytes = minBytesParam(params);
  uint64_t total = 0;
  for (const ApkEntry& e : in.package->entries()) {
    if (!e.name().ends_with(".png") || e.name().ends_with(".9.png") || e.entry->size < minBytes) continue;
    auto bytes = in.package->view(e);
    if (!bytes.ok()) {
      out.error += (out.error.empty() ? "" : "; ") + e.name() + ": " + bytes.status().toString();
      continue;
    }
    auto png = readPngInfo(bytes->bytes());
    if (!png.ok() || png->hasAlpha()) continue;  // a .png that is not a PNG is not this task's finding
    out.findings.push_back({in.package->displayName(e), e.entry->size,
                            std::to_string(png->width) + "x" + std::to_string(png->height) + ", colour type " +
                                std::to_string(png->colourType) + ", no tRNS"});
    total += e.entry->size;
  }
  std::stable_sort(out.findings.begin(), out.findings.end(),
                   [](const TaskFinding& a, const TaskFinding& b) { return a.bytes > b.bytes; });
  nlohmann::ordered_json files = nlohmann::ordered_json::array();
  for (const TaskFinding& f : out.findings) files.push_back({{"entry-name", f.subject}, {"entry-size", f.bytes}});
  out.fields["files"] = std::move(files);
  out.verdict = out.findings.empty() ? "every PNG has alpha (or is a 9-patch)"
                                     : std::to_string(out.findings.size()) + " PNGs without alpha, " +
                                           bytesText(total) + " together (JPEG or WebP would be smaller)";
}

}  // namespace mxi::core::apkcheck
