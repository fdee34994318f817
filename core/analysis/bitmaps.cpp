#include "core/analysis/bitmaps.h"

#include <xxhash.h>

#include <algorithm>
#include <cstdio>
#include <cstring>
#include <map>

#include "core/analysis/shortest_paths.h"

namespace mxi::core::analysis {

using hprof::ObjectIndex;

std::string_view bitmapConfigName(BitmapConfig config) {
  switch (config) {
    case BitmapConfig::kArgb8888: return "ARGB_8888";
    case BitmapConfig::kRgb565: return "RGB_565";
    case BitmapConfig::kAlpha8: return "ALPHA_8";
    case BitmapConfig::kUnknown: break;
  }
  return "unknown";
}

std::string_view pixelFormatName(PixelFormat format) {
  switch (format) {
    case PixelFormat::kRaw: return "raw";
    case PixelFormat::kPng: return "png";
    case PixelFormat::kJpeg: return "jpeg";
    case PixelFormat::kWebp: return "webp";
    case PixelFormat::kNone: break;
  }
  return "none";
}

namespace {

int64_t intField(const hprof::HeapIndex& index, ObjectIndex o, std::string_view name, int64_t fallback) {
  const auto v = index.field(o, name);
  return v && v->type != hprof::BasicType::kObject ? v->asLong() : fallback;
}

ObjectIndex objectField(const hprof::HeapIndex& index, ObjectIndex o, std::string_view name) {
  const auto v = index.field(o, name);
  if (!v || v->type != hprof::BasicType::kObject || v->raw == 0) return hprof::kNoObject;
  return index.find(v->asObjectId()).value_or(hprof::kNoObject);
}

// Android 8+ `am dumpheap -b`: native pointer → compressed pixels, and their format.
struct DumpData {
  std::map<uint64_t, ObjectIndex> buffers;
  PixelFormat format = PixelFormat::kNone;
};

DumpData readDumpData(const hprof::HeapIndex& index) {
  DumpData out;
  const auto cls = index.findClass("android.graphics.Bitmap$DumpData");
  if (!cls) return out;
  for (uint32_t i = 0; i < index.objectCount(); ++i) {
    const ObjectIndex o{i};
    if (index.classOf(o) != *cls || index.kindOf(o) != hprof::ObjectKind::kInstance) continue;
    // Bitmap.CompressFormat native values: JPEG 0, PNG 1, WEBP 2, WEBP_LOSSY 3, WEBP_LOSSLESS 4.
    switch (intField(index, o, "format", -1)) {
      case 0: out.format = PixelFormat::kJpeg; break;
      case 1: out.format = PixelFormat::kPng; break;
      case 2: case 3: case 4: out.format = PixelFormat::kWebp; break;
      default: out.format = PixelFormat::kNone; break;
    }
    const ObjectIndex natives = objectField(index, o, "natives");
    const ObjectIndex buffers = objectField(index, o, "buffers");
    if (natives == hprof::kNoObject || buffers == hprof::kNoObject) continue;
    const auto pointers = index.primitiveArray(natives);
    const auto elements = index.objectArrayElements(buffers);
    if (!pointers || !pointers->hasData || pointers->elementType != hprof::BasicType::kLong || !elements) continue;
    const int64_t count = std::min<int64_t>(intField(index, o, "count", pointers->length),
                                            std::min<int64_t>(pointers->length, static_cast<int64_t>(elements->size())));
    for (int64_t k = 0; k < count; ++k) {
      uint64_t pointer = 0;
      for (int b = 0; b < 8; ++b) pointer = (pointer << 8) | pointers->bytes[static_cast<size_t>(k) * 8 + static_cast<size_t>(b)];
      if (const auto buffer = index.find((*elements)[static_cast<size_t>(k)])) out.buffers[pointer] = *buffer;
    }
  }
  return out;
}

std::string hex128(const XXH128_hash_t& h) {
  char buf[33];
  std::snprintf(buf, sizeof buf, "%016llx%016llx", static_cast<unsigned long long>(h.high64),
                static_cast<unsigned long long>(h.low64));
  return buf;
}

}  // namespace

BitmapScan scanBitmaps(const hprof::HeapIndex& index) {
  BitmapScan scan;
  const auto bitmapClass = index.findClass("android.graphics.Bitmap");
  if (!bitmapClass) return scan;
  const DumpData dumpData = readDumpData(index);
  size_t nativeOnly = 0;
  for (uint32_t i = 0; i < index.objectCount(); ++i) {
    const ObjectIndex o{i};
    if (index.kindOf(o) != hprof::ObjectKind::kInstance || !index.isSubclassOf(index.classOf(o), *bitmapClass)) continue;
    BitmapRecord b;
    b.object = o;
    b.width = static_cast<uint32_t>(std::max<int64_t>(0, intField(index, o, "mWidth", 0)));
    b.height = static_cast<uint32_t>(std::max<int64_t>(0, intField(index, o, "mHeight", 0)));
    const uint64_t pixelsCount = uint64_t{b.width} * b.height;
    b.buffer = objectField(index, o, "mBuffer");
    if (b.buffer != hprof::kNoObject) {
      const auto array = index.primitiveArray(b.buffer);
      if (array && array->hasData && array->elementType == hprof::BasicType::kByte) {
        b.format = PixelFormat::kRaw;
        b.pixels = array->bytes;
        b.pixelBytes = array->length;
        const int64_t rowBytes = intField(index, o, "mRowBytes", 0);
        const uint64_t bpp = rowBytes > 0 && b.width ? static_cast<uint64_t>(rowBytes) / b.width
                                                     : (pixelsCount ? array->length / pixelsCount : 0);
        b.config = bpp == 4 ? BitmapConfig::kArgb8888 : bpp == 2 ? BitmapConfig::kRgb565
                                                       : bpp == 1 ? BitmapConfig::kAlpha8 : BitmapConfig::kUnknown;
        b.rowBytes = rowBytes > 0 ? static_cast<uint32_t>(rowBytes) : static_cast<uint32_t>(b.width * bpp);
      }
    } else {
      const auto pointer = index.field(o, "mNativePtr");
      const auto it = pointer ? dumpData.buffers.find(pointer->raw) : dumpData.buffers.end();
      if (it != dumpData.buffers.end()) {
        const auto array = index.primitiveArray(it->second);
        if (array && array->hasData) {
          b.format = dumpData.format;
          b.pixels = array->bytes;
          b.buffer = it->second;
        }
      }
      b.pixelBytes = pixelsCount * 4;  // native ARGB_8888, what the pixels cost in memory
      if (b.format == PixelFormat::kNone) ++nativeOnly;
    }
    if (b.format != PixelFormat::kNone) ++scan.withPixels;
    scan.bitmaps.push_back(b);
  }
  if (nativeOnly > 0) {
    scan.note = std::to_string(nativeOnly) + " of " + std::to_string(scan.bitmaps.size()) +
                " bitmaps have no pixels in this dump: Android 8+ keeps them in native memory; take the dump "
                "with `am dumpheap -b png` (Android 15+) to include them. They are listed with dimensions only.";
  }
  return scan;
}

StatusOr<image::RgbaImage> decodeRawBitmap(const BitmapRecord& b) {
  if (b.format != PixelFormat::kRaw) return invalidInput("bitmap pixels are not raw");
  const uint32_t bpp = b.config == BitmapConfig::kArgb8888 ? 4 : b.config == BitmapConfig::kRgb565 ? 2
                       : b.config == BitmapConfig::kAlpha8 ? 1 : 0;
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
        case BitmapConfig::kArgb8888:
          std::memcpy(dst, row + size_t{x} * 4, 4);
          break;
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
  std::stable_sort(report.groups.begin(), report.groups.end(), [](const BitmapGroup& a, const BitmapGroup& b) {
    return a.wastedBytes > b.wastedBytes;
  });
  return report;
}

}  // namespace mxi::core::analysis
