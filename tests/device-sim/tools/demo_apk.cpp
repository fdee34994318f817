#include "demo_apk.h"

#include <zip.h>

#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <vector>

#include "core/image/png_codec.h"
#include "demo_apk_dex.h"
#include "demo_apk_manifest.h"

namespace mxi::sim {

namespace {

using Bytes = std::vector<uint8_t>;

// Every entry's time: 2026-01-01 00:00:00 UTC (a zip stores DOS local time; libzip converts).
constexpr time_t kEntryTime = 1767225600;

// A picture that deflate cannot shrink much (a few KB as PNG): a gradient with deterministic noise.
core::image::RgbaImage picture(uint32_t width, uint32_t height, uint32_t seed, bool translucent) {
  core::image::RgbaImage image{width, height, std::vector<uint8_t>(size_t{width} * height * 4)};
  uint32_t x = seed;
  for (uint32_t row = 0; row < height; ++row) {
    for (uint32_t col = 0; col < width; ++col) {
      x ^= x << 13, x ^= x >> 17, x ^= x << 5;
      uint8_t* px = &image.rgba[(size_t{row} * width + col) * 4];
      px[0] = static_cast<uint8_t>(col * 255 / width ^ (x & 0x1f));
      px[1] = static_cast<uint8_t>(row * 255 / height ^ ((x >> 8) & 0x1f));
      px[2] = static_cast<uint8_t>((x >> 16) & 0xff);
      px[3] = translucent ? static_cast<uint8_t>(255 * col / width) : 255;
    }
  }
  return image;
}

core::StatusOr<Bytes> png(const core::image::RgbaImage& image, core::image::PngChannels channels) {
  return core::image::encodePng(image, channels);
}

core::StatusOr<Bytes> readFile(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return core::notFound(path + ": cannot open it");
  return Bytes(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
}

Bytes text(const std::string& s) { return Bytes(s.begin(), s.end()); }

struct Entry {
  std::string name;
  Bytes data;
  bool stored = false;
};

core::Status writeZip(const std::string& path, const std::vector<Entry>& entries) {
  int err = 0;
  zip_t* zip = zip_open(path.c_str(), ZIP_CREATE | ZIP_TRUNCATE, &err);
  if (zip == nullptr) return core::ioError(path + ": cannot create it (libzip error " + std::to_string(err) + ")");
  for (const Entry& e : entries) {
    // libzip reads the buffer when the archive is closed, and frees this copy then.
    void* copy = std::malloc(e.data.empty() ? 1 : e.data.size());
    if (!e.data.empty()) std::memcpy(copy, e.data.data(), e.data.size());
    zip_source_t* source = zip_source_buffer(zip, copy, e.data.size(), 1);
    const zip_int64_t index = source ? zip_file_add(zip, e.name.c_str(), source, ZIP_FL_ENC_UTF_8) : -1;
    if (index < 0 ||
        zip_set_file_compression(zip, static_cast<zip_uint64_t>(index), e.stored ? ZIP_CM_STORE : ZIP_CM_DEFLATE, 9) !=
            0 ||
        zip_file_set_mtime(zip, static_cast<zip_uint64_t>(index), kEntryTime, 0) != 0) {
      const std::string why = zip_strerror(zip);
      zip_discard(zip);
      return core::ioError(path + ": adding " + e.name + ": " + why);
    }
  }
  if (zip_close(zip) != 0) {
    const std::string why = zip_strerror(zip);
    zip_discard(zip);
    return core::ioError(path + ": " + why);
  }
  return core::okStatus();
}

}  // namespace

core::Status writeDemoApk(const std::string& path, const DemoApkInputs& inputs) {
  using core::image::PngChannels;
  DemoManifest manifest;
  manifest.package = "com.example.mxi.demo";
  manifest.versionCode = 42;
  manifest.versionName = "4.2.0";
  manifest.minSdk = 24;
  manifest.targetSdk = 34;
  manifest.label = "MXI Demo";
  manifest.launcherActivity = "com.example.mxi.demo.DemoActivity";

  ASSIGN_OR_RETURN(const Bytes launcher, png(picture(48, 48, 7, true), PngChannels::kRgba));
  ASSIGN_OR_RETURN(const Bytes banner, png(picture(40, 24, 11, true), PngChannels::kRgba));
  ASSIGN_OR_RETURN(const Bytes header, png(picture(64, 40, 23, false), PngChannels::kRgb));
  ASSIGN_OR_RETURN(const Bytes gradient, png(picture(48, 32, 31, false), PngChannels::kRgb));
  ASSIGN_OR_RETURN(const Bytes unstripped, readFile(inputs.unstrippedLibrary));
  ASSIGN_OR_RETURN(const Bytes stripped, readFile(inputs.strippedLibrary));
  // A word list that deflates well, kept stored: 256 KiB where about a tenth would do.
  std::string dictionary;
  for (int i = 0; dictionary.size() < 256 * 1024; ++i) dictionary += "word" + std::to_string(i % 5000) + "\n";
  dictionary.resize(256 * 1024);

  const std::vector<Entry> entries = {
      {"AndroidManifest.xml", binaryManifest(manifest)},
      {"classes.dex", demoDex()},
      {"res/mipmap-xxhdpi-v4/ic_launcher.png", launcher},
      {"res/drawable-xhdpi-v4/ic_banner.png", banner},
      {"res/drawable-xxhdpi-v4/ic_banner.png", banner},
      {"res/drawable-xxhdpi-v4/photo_header.png", header},
      {"res/drawable-xhdpi-v4/bg_gradient.png", gradient},
      {"assets/catalog.json", text("{\"albums\": [\"Holidays\", \"Family\"], \"synthetic\": true}\n")},
      {"assets/licenses/unused_notice.txt",
       text("Synthetic notice of the Matrix Inspector demo app; nothing reads it.\n")},
      {"assets/dict/words.dict", text(dictionary), true},
      {"lib/arm64-v8a/libmxidemo.so", unstripped},
      {"lib/armeabi-v7a/libmxidemo.so", stripped},
      {"META-INF/MANIFEST.MF",
       text("Manifest-Version: 1.0\r\nCreated-By: mxi-device-sim (synthetic demo app, unsigned)\r\n\r\n")},
  };
  std::error_code ec;
  std::filesystem::create_directories(std::filesystem::path(path).parent_path(), ec);
  const std::string temp = path + ".writing";
  RETURN_IF_ERROR(writeZip(temp, entries));
  std::filesystem::rename(temp, path, ec);
  if (ec) return core::ioError(path + ": " + ec.message());
  return core::okStatus();
}

}  // namespace mxi::sim
