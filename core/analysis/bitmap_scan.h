// The Bitmaps of a heap dump and where their pixels are (docs/BITMAPS.md): Bitmap.mBuffer before
// Android 8, Bitmap$DumpData for dumps taken with `am dumpheap -b` (Android 15+). Needs only the
// hprof index, so the shrinker (and with it the device agent) can use it without leak analysis.
#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "core/hprof/heap_index.h"

namespace mxi::core::analysis {

enum class BitmapConfig : uint8_t { kArgb8888, kRgb565, kAlpha8, kUnknown };
std::string_view bitmapConfigName(BitmapConfig config);  // "ARGB_8888", "RGB_565", "ALPHA_8", "unknown"

enum class PixelFormat : uint8_t { kRaw, kPng, kJpeg, kWebp, kNone };
std::string_view pixelFormatName(PixelFormat format);  // "raw", "png", "jpeg", "webp", "none"

struct BitmapRecord {
  hprof::ObjectIndex object;
  uint32_t width = 0, height = 0;
  BitmapConfig config = BitmapConfig::kUnknown;
  PixelFormat format = PixelFormat::kNone;
  std::span<const uint8_t> pixels;               // raw rows (kRaw) or the compressed file, in the mapped dump
  hprof::ObjectIndex buffer = hprof::kNoObject;  // the byte[] holding them
  uint32_t rowBytes = 0;                         // raw only
  uint64_t pixelBytes = 0;  // memory the pixels take: buffer length, or width × height × 4 natively
};

struct BitmapScan {
  std::vector<BitmapRecord> bitmaps;  // every android.graphics.Bitmap instance, in object order
  size_t withPixels = 0;
  std::string note;  // why pixels are missing, when they are
};

BitmapScan scanBitmaps(const hprof::HeapIndex& index);

}  // namespace mxi::core::analysis
