// Bitmaps in a heap dump and their pixels, and groups of identical ones (docs/BITMAPS.md).
//  - Android 7 and earlier keep pixels in the Java heap: Bitmap.mBuffer (byte[]), with mWidth,
//    mHeight and, when present, mRowBytes; the config follows from bytes per pixel.
//  - Android 8+ keeps pixels in native memory. Only dumps taken with `am dumpheap -b png|jpg|webp`
//    (Android 15+) carry them, compressed, in Bitmap$DumpData (natives long[] ↔ buffers byte[][],
//    one `format` for all), matched to each Bitmap by mNativePtr. Other dumps list bitmaps with
//    dimensions only, and say so.
#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "core/analysis/bitmap_scan.h"
#include "core/analysis/leak_analysis.h"
#include "core/image/png_codec.h"

namespace mxi::core::analysis {

// The picture as RGBA, for raw pixels (ARGB_8888 is stored R G B A, premultiplied, and kept so;
// RGB_565 little-endian; ALPHA_8 as black with that alpha).
StatusOr<image::RgbaImage> decodeRawBitmap(const BitmapRecord& bitmap);

struct BitmapGroup {
  std::string hash;  // XXH3-128 of the pixel bytes, hex
  uint32_t width = 0, height = 0;
  BitmapConfig config = BitmapConfig::kUnknown;
  PixelFormat format = PixelFormat::kNone;
  uint64_t bytesPerCopy = 0;
  uint64_t wastedBytes = 0;                    // (copies − 1) × bytesPerCopy
  std::vector<size_t> members;                 // indices into BitmapScan::bitmaps
  std::vector<std::vector<ChainNode>> chains;  // per member: shortest strong path from a GC root
  std::vector<size_t> holders;                 // per member: position in its chain of the object that holds it
};

struct BitmapOptions {
  uint64_t minBytes = 5000;  // groups whose copies are smaller are left out
};

struct BitmapReport {
  BitmapScan scan;
  size_t reachable = 0;             // bitmaps a strong path reaches (only those are grouped)
  std::vector<BitmapGroup> groups;  // most wasted bytes first
};

StatusOr<BitmapReport> findDuplicateBitmaps(const hprof::HeapIndex& index, const BitmapOptions& options,
                                            ProgressSink& progress, const CancelToken& cancel);

// The object that keeps a chain's last object: the nearest one before it that is not an array,
// a collection's internals (java.*, kotlin.*) or another Bitmap; falls back to the direct parent.
size_t holderOf(const std::vector<ChainNode>& chain);

}  // namespace mxi::core::analysis
