#include "core/hprof/matrix_upload_zip.h"

#include <zip.h>

namespace mxi::core::hprof {

namespace {

// java.util.Properties escaping for values we write.
std::string escape(const std::string& s) {
  std::string out;
  for (char c : s) {
    switch (c) {
      case '\\': out += "\\\\"; break;
      case '\n': out += "\\n"; break;
      case '\r': out += "\\r"; break;
      case '=': out += "\\="; break;
      case ':': out += "\\:"; break;
      default: out += c;
    }
  }
  return out;
}

// The keys of `info.all` besides the four above, one line each in key order (escaped like values:
// a key holds no '=', ':' or line break).
std::string moreKeys(const MatrixResultInfo& info) {
  std::string out;
  for (const auto& [key, value] : info.all) {
    if (key == "sdkVersion" || key == "manufacturer" || key == "hprofEntry" || key == "leakedActivityKey") continue;
    out += escape(key) + "=" + escape(value) + "\n";
  }
  return out;
}

}  // namespace

Status writeMatrixUploadZip(const std::string& zipPath, const std::string& hprofPath, const MatrixResultInfo& info) {
  if (info.hprofEntry.empty() || info.hprofEntry.find("..") != std::string::npos || info.hprofEntry.front() == '/') {
    return invalidInput("bad hprof entry name '" + info.hprofEntry + "'");
  }
  int error = 0;
  zip_t* zip = zip_open(zipPath.c_str(), ZIP_CREATE | ZIP_TRUNCATE, &error);
  if (!zip) return ioError("cannot create " + zipPath);
  const std::string properties = "#Matrix Inspector upload\nsdkVersion=" + escape(info.sdkVersion) +
                                 "\nmanufacturer=" + escape(info.manufacturer) +
                                 "\nhprofEntry=" + escape(info.hprofEntry) +
                                 "\nleakedActivityKey=" + escape(info.leakedActivityKey) + "\n" + moreKeys(info);
  // libzip reads both sources when the archive is closed; `properties` outlives that.
  zip_source_t* text = zip_source_buffer(zip, properties.data(), properties.size(), 0);
  zip_source_t* dump = zip_source_file(zip, hprofPath.c_str(), 0, -1);
  if (!text || !dump || zip_file_add(zip, "result.info", text, ZIP_FL_ENC_UTF_8) < 0) {
    if (text) zip_source_free(text);
    if (dump) zip_source_free(dump);
    zip_discard(zip);
    return ioError("cannot add entries to " + zipPath);
  }
  if (zip_file_add(zip, info.hprofEntry.c_str(), dump, ZIP_FL_ENC_UTF_8) < 0) {
    zip_source_free(dump);
    zip_discard(zip);
    return ioError("cannot add " + hprofPath + " to " + zipPath);
  }
  if (zip_close(zip) != 0) {
    const std::string message = zip_strerror(zip);
    zip_discard(zip);
    return ioError("writing " + zipPath + ": " + message);
  }
  return okStatus();
}

}  // namespace mxi::core::hprof
