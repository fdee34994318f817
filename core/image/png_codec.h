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

StatusOr<std::vector<uint8_t>> encodePng(const RgbaImage& image);
StatusOr<RgbaImage> decodePng(std::span<const uint8_t> png);

}  // namespace mxi::core::image
