#include "core/analysis/bitmaps.h"

#include <xxhash.h>

#include <algorithm>
#include <cstdio>
#include <cstring>
#include <map>

#include "core/analysis/shortest_paths.h"

namespace mxi::core::analysis {

using hprof::ObjectIndex;

namespace {

std::string hex128(const XXH128_hash_t& h) {
  char buf[33];
  std::snprintf(buf, sizeof buf, "%016llx%016llx", static_cast<unsigned long long>(h.high64),
                static_cast<unsigned long long>(h.low64));
  return buf;
}

}  // namespace

StatusOr<image::RgbaImage> decodeRawBitmap(const BitmapRecord& b) {
  if (b.format != PixelFormat::kRaw) return invalidInput("bitmap pixels are not raw");
  const uint32_t bpp = b.config == BitmapConfig::kArgb8888 ? 4
                       : b.config == BitmapConfig::kRgb565 ? 2
                       : b.config == BitmapConfig::kAlpha8 ? 1
                                                           : 0;
  if (bpp == 0 || b.width == 0 || b.height == 0 || b.rowBytes < b.width * bpp ||
      uint64_t{b.rowBytes} * (b.height - 1) + uint64_t{b.width} * bpp > b.pixels.size()) {
    return invalidInput("bitmap buffer does not hold " + std::to_string(b.width) + "x" + std::to_string(b.height) +
                        " " + std::string(bitmapConfigName(b.config)) + " pixels");
  }
  image::RgbaImage out;
  out.width = b.width;
  out.height = b.height;
  out.rgba.resize(size_t{b.width} * b.height * 4);
  for (uint32_t y = 0; y < b.height; ++y) {
    const uint8_t* row = b.pixels.data() + size_t{y} * b.rowBytes;
    uint8_t* dst = out.rgba.data() + size_t{y} * b.width * 4;
    for (uint32_t x = 0; x < b.width; ++x, dst += 4) {
      switch (b.config) {
        case BitmapConfig::kArgb8888: std::memcpy(dst, row + size_t{x} * 4, 4); break;
        case BitmapConfig::kRgb565: {
          const uint16_t v = static_cast<uint16_t>(row[x * 2] | (row[x * 2 + 1] << 8));
          dst[0] = static_cast<uint8_t>(((v >> 11) & 31) * 255 / 31);
          dst[1] = static_cast<uint8_t>(((v >> 5) & 63) * 255 / 63);
          dst[2] = static_cast<uint8_t>((v & 31) * 255 / 31);
          dst[3] = 255;
          break;
        }
        default:
          dst[0] = dst[1] = dst[2] = 0;
          dst[3] = row[x];
          break;
      }
    }
  }
  return out;
}

size_t holderOf(const std::vector<ChainNode>& chain) {
  if (chain.size() < 2) return 0;
  for (size_t i = chain.size() - 1; i-- > 0;) {
    const std::string& name = chain[i].className;
    const bool internal = name.ends_with("[]") || name.starts_with("java.") || name.starts_with("kotlin.") ||
                          name == "android.graphics.Bitmap";
    if (!internal) return i;
  }
  return chain.size() - 2;
}

StatusOr<BitmapReport> findDuplicateBitmaps(const hprof::HeapIndex& index, const BitmapOptions& options,
                                            ProgressSink& progress, const CancelToken& cancel) {
  BitmapReport report;
  report.scan = scanBitmaps(index);
  const auto& bitmaps = report.scan.bitmaps;
  if (bitmaps.empty()) return report;
  const HeapGraph graph(index);
  const KnownReferenceMatcher known(index, {});
  std::vector<ObjectIndex> targets;
  for (const BitmapRecord& b : bitmaps) targets.push_back(b.object);
  ASSIGN_OR_RETURN(auto paths, ShortestPaths::compute(graph, known, targets, progress, cancel, /*localsLast=*/true));

  // Bucket by (dimensions, config, format, hash); then confirm byte for byte within a bucket.
  std::map<std::tuple<uint32_t, uint32_t, uint8_t, uint8_t, std::string>, std::vector<std::vector<size_t>>> buckets;
  for (size_t i = 0; i < bitmaps.size(); ++i) {
    const BitmapRecord& b = bitmaps[i];
    if (!paths->isReached(b.object)) continue;
    ++report.reachable;
    if (b.format == PixelFormat::kNone || b.pixelBytes < options.minBytes) continue;
    const std::string hash = hex128(XXH3_128bits(b.pixels.data(), b.pixels.size()));
    auto& lists = buckets[{b.width, b.height, static_cast<uint8_t>(b.config), static_cast<uint8_t>(b.format), hash}];
    bool placed = false;
    for (auto& list : lists) {
      const BitmapRecord& first = bitmaps[list.front()];
      if (first.pixels.size() == b.pixels.size() &&
          std::memcmp(first.pixels.data(), b.pixels.data(), b.pixels.size()) == 0) {
        list.push_back(i);
        placed = true;
        break;
      }
    }
    if (!placed) lists.push_back({i});
  }
  for (auto& [key, lists] : buckets) {
    for (auto& list : lists) {
      if (list.size() < 2) continue;
      BitmapGroup g;
      const BitmapRecord& first = bitmaps[list.front()];
      g.hash = std::get<4>(key);
      g.width = first.width;
      g.height = first.height;
      g.config = first.config;
      g.format = first.format;
      g.bytesPerCopy = first.pixelBytes;
      g.wastedBytes = (list.size() - 1) * g.bytesPerCopy;
      g.members = list;
      for (size_t m : list) {
        const auto path = paths->pathTo(bitmaps[m].object);
        g.chains.push_back(describePath(index, path, paths->rootOf(path.front())));
        g.holders.push_back(holderOf(g.chains.back()));
      }
      report.groups.push_back(std::move(g));
    }
  }
  std::stable_sort(report.groups.begin(), report.groups.end(),
                   [](const BitmapGroup& a, const BitmapGroup& b) { return a.wastedBytes > b.wastedBytes; });
  return report;
}

}  // namespace mxi::core::analysis
