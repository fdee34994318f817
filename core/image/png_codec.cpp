#include "core/image/png_codec.h"

#include <png.h>

#include <cstring>
#include <string>

namespace mxi::core::image {

namespace {

// libpng reports errors through longjmp; the handlers keep the message for the Status.
struct ErrorState {
  std::string message;
};

void onError(png_structp png, png_const_charp message) {
  static_cast<ErrorState*>(png_get_error_ptr(png))->message = message;
  png_longjmp(png, 1);
}
void onWarning(png_structp, png_const_charp) {}

}  // namespace

StatusOr<std::vector<uint8_t>> encodePng(const RgbaImage& image, PngChannels channels) {
  if (image.width == 0 || image.height == 0 || image.rgba.size() != size_t{image.width} * image.height * 4) {
    return invalidInput("PNG encode: image size does not match its pixels");
  }
  ErrorState error;
  png_structp png = png_create_write_struct(PNG_LIBPNG_VER_STRING, &error, onError, onWarning);
  if (!png) return internalError("PNG encode: out of memory");
  png_infop info = png_create_info_struct(png);
  std::vector<uint8_t> out;
  std::vector<png_bytep> rows(image.height);
  if (setjmp(png_jmpbuf(png))) {
    png_destroy_write_struct(&png, &info);
    return internalError("PNG encode: " + error.message);
  }
  png_set_write_fn(
      png, &out,
      [](png_structp p, png_bytep data, png_size_t length) {
        auto* sink = static_cast<std::vector<uint8_t>*>(png_get_io_ptr(p));
        sink->insert(sink->end(), data, data + length);
      },
      nullptr);
  const bool rgb = channels == PngChannels::kRgb;
  png_set_IHDR(png, info, image.width, image.height, 8, rgb ? PNG_COLOR_TYPE_RGB : PNG_COLOR_TYPE_RGBA,
               PNG_INTERLACE_NONE, PNG_COMPRESSION_TYPE_DEFAULT, PNG_FILTER_TYPE_DEFAULT);
  for (uint32_t y = 0; y < image.height; ++y) {
    rows[y] = const_cast<png_bytep>(image.rgba.data() + size_t{y} * image.width * 4);
  }
  png_set_rows(png, info, rows.data());
  png_write_png(png, info, rgb ? PNG_TRANSFORM_STRIP_FILLER_AFTER : PNG_TRANSFORM_IDENTITY, nullptr);
  png_destroy_write_struct(&png, &info);
  return out;
}

StatusOr<RgbaImage> decodePng(std::span<const uint8_t> data) {
  png_image image;
  std::memset(&image, 0, sizeof image);
  image.version = PNG_IMAGE_VERSION;
  if (!png_image_begin_read_from_memory(&image, data.data(), data.size())) {
    return invalidInput(std::string("not a PNG: ") + image.message);
  }
  image.format = PNG_FORMAT_RGBA;
  RgbaImage out;
  out.width = image.width;
  out.height = image.height;
  out.rgba.resize(PNG_IMAGE_SIZE(image));
  if (!png_image_finish_read(&image, nullptr, out.rgba.data(), 0, nullptr)) {
    const std::string message = image.message;
    png_image_free(&image);
    return invalidInput("PNG decode: " + message);
  }
  return out;
}

}  // namespace mxi::core::image
