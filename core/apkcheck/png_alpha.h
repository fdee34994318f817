// Whether a PNG can be transparent, read from its chunks without decoding pixels: IHDR's colour
// type (4 grey+alpha, 6 RGBA) or a tRNS chunk before the image data. Matrix's -findNonAlphaPng
// decodes the image instead; the header says the same thing for a fraction of the work.
#pragma once

#include <cstdint>
#include <string_view>

#include "core/base/status.h"

namespace mxi::core::apkcheck {

struct PngInfo {
  uint32_t width = 0;
  uint32_t height = 0;
  uint8_t colourType = 0;  // 0 grey, 2 RGB, 3 palette, 4 grey+alpha, 6 RGBA
  bool hasTrns = false;
  bool hasAlpha() const { return colourType == 4 || colourType == 6 || hasTrns; }
};

// A bad signature, a cut chunk or a missing IHDR is an error naming the byte offset.
StatusOr<PngInfo> readPngInfo(std::string_view bytes);

}  // namespace mxi::core::apkcheck
