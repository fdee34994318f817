// Android-format (1.0.3, 4-byte ids) dumps with bitmaps, written by HprofWriter:
//  - kJavaPixels: Android 7 and earlier, pixels in Bitmap.mBuffer;
//  - kDumpData: Android 8+ taken with `am dumpheap -b png`: Bitmap.mBuffer is null, the PNGs
//    sit in Bitmap$DumpData (natives long[] ↔ buffers byte[][]), matched by mNativePtr;
//  - kNativeOnly: Android 8+ without pixel data.
// Every variant holds bitmaps 0 and 1 with identical pixels (80×80 ARGB_8888), bitmap 2 with
// other pixels (80×80), and bitmap 3, a 64×64 RGB_565 one (kJavaPixels only).
#pragma once

#include <cstdint>
#include <vector>

#include "core/image/png_codec.h"

namespace mxi::test {

enum class BitmapPixels { kJavaPixels, kDumpData, kNativeOnly };

struct ArtBitmapSample {
  std::vector<uint8_t> bytes;
  std::vector<uint64_t> bitmaps;   // Bitmap instance ids
  std::vector<uint64_t> buffers;   // their pixel arrays (mBuffer, or the DumpData buffer), 0 if none
  uint64_t holder = 0;             // Object[] (JNI global root) holding every Bitmap
  core::image::RgbaImage picture;  // bitmaps 0 and 1
  core::image::RgbaImage other;    // bitmap 2
};

ArtBitmapSample buildArtBitmapSample(BitmapPixels pixels);

}  // namespace mxi::test
