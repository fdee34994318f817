// PNG encoding and decoding in memory, with libpng: exported bitmap pictures and the tests that
// read them back.
#pragma once

#include <cstdint>
#include <span>
#include <vector>

#include "core/base/status.h"

namespace mxi::core::image {

struct RgbaImage {
  uint32_t width = 0;
  uint32_t height = 0;
  std::vector<uint8_t> rgba;  // width * height * 4, rows top to bottom, R G B A
};

// What the PNG holds: RGBA (colour type 6), or RGB without alpha (colour type 2: the image's alpha
// bytes are dropped), as an app's opaque pictures often are.
enum class PngChannels { kRgba, kRgb };

StatusOr<std::vector<uint8_t>> encodePng(const RgbaImage& image, PngChannels channels = PngChannels::kRgba);
StatusOr<RgbaImage> decodePng(std::span<const uint8_t> png);

}  // namespace mxi::core::image
