#include "core/analysis/bitmap_scan.h"

#include <algorithm>
#include <map>

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
      case 2:
      case 3:
      case 4: out.format = PixelFormat::kWebp; break;
      default: out.format = PixelFormat::kNone; break;
    }
    const ObjectIndex natives = objectField(index, o, "natives");
    const ObjectIndex buffers = objectField(index, o, "buffers");
    if (natives == hprof::kNoObject || buffers == hprof::kNoObject) continue;
    const auto pointers = index.primitiveArray(natives);
    const auto elements = index.objectArrayElements(buffers);
    if (!pointers || !pointers->hasData || pointers->elementType != hprof::BasicType::kLong || !elements) continue;
    const int64_t count =
        std::min<int64_t>(intField(index, o, "count", pointers->length),
                          std::min<int64_t>(pointers->length, static_cast<int64_t>(elements->size())));
    for (int64_t k = 0; k < count; ++k) {
      uint64_t pointer = 0;
      for (int b = 0; b < 8; ++b)
        pointer = (pointer << 8) | pointers->bytes[static_cast<size_t>(k) * 8 + static_cast<size_t>(b)];
      if (const auto buffer = index.find((*elements)[static_cast<size_t>(k)])) out.buffers[pointer] = *buffer;
    }
  }
  return out;
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
    if (index.kindOf(o) != hprof::ObjectKind::kInstance || !index.isSubclassOf(index.classOf(o), *bitmapClass))
      continue;
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
        b.config = bpp == 4   ? BitmapConfig::kArgb8888
                   : bpp == 2 ? BitmapConfig::kRgb565
                   : bpp == 1 ? BitmapConfig::kAlpha8
                              : BitmapConfig::kUnknown;
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

}  // namespace mxi::core::analysis
