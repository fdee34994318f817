// libFuzzer target for the whole APK checker (`mxi apk check`): any bytes as an APK, every task
// run on what the readers make of it (manifest, resources, dex, ELF and PNG from inside the zip),
// then the three reports. Each task must report its own error, never crash.
#include <cstddef>
#include <cstdint>
#include <string>

#include "core/apkcheck/apk_check.h"
#include "core/apkcheck/report_html.h"
#include "core/apkcheck/report_json.h"
#include "core/apkcheck/report_text.h"
#include "core/json/json_writer.h"

using namespace mxi::core;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  auto archive = zip::ZipArchive::fromBytes(std::string(reinterpret_cast<const char*>(data), size), "fuzz.apk");
  if (!archive.ok()) return 0;
  std::vector<apkcheck::ApkSplit> splits;
  splits.push_back(apkcheck::ApkSplit{"fuzz.apk", {}, std::move(archive).value()});
  const apkcheck::ApkPackage package = apkcheck::ApkPackage::fromArchives(std::move(splits));
  NullProgress progress;
  CancelToken cancel;
  auto report = apkcheck::runApkCheck(package, {}, progress, cancel);
  if (!report.ok()) return 0;
  size_t sink = json::dumpJson(apkcheck::checkReportJson(*report)).size();
  sink += apkcheck::checkReportText(*report).size() + apkcheck::checkReportHtml(*report).size();
  volatile size_t keep = sink;
  (void)keep;
  return 0;
}
