// An installed app's APK files copied from the device (issue 44, `mxi apk pull`): `pm path PKG`
// lists them, base first then its splits, and each comes through the sync service into one
// directory under its own name (base.apk, split_config.arm64_v8a.apk…), as `mxi apk check` reads
// an app bundle's installed files together. A file whose transfer is cut is not left behind.
#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <string_view>
#include <vector>

#include "core/adb/adb_device.h"
#include "core/base/progress.h"
#include "core/base/status.h"

namespace mxi::core::agentlink {

struct PulledApk {
  std::string devicePath;  // as `pm path` printed it
  std::string localPath;   // <directory>/<its file name>
  uint64_t bytes = 0;
};

// The paths of `pm path`'s `package:PATH` lines, in their order (other lines are left out).
// Exposed for tests.
std::vector<std::string> parsePmPath(std::string_view output);

// The app's APK paths on the device. An app `pm path` does not know is a not-found error in
// `mxi record`'s words (app_presence.h's notInstalledMessage, with the closest installed names);
// an invalid package name is refused before anything reaches the device's shell.
StatusOr<std::vector<std::string>> listApkPaths(adb::AdbDevice& device, const std::string& package,
                                                const adb::IoLimits& limits);

// Pulls every APK of `package` into `directory` (made when missing). `progress` sees one bar over
// all files' bytes, its phase "pull NAME"; reporting false cancels. A cut or failed transfer
// removes that file and fails naming it and the bytes received of its size; files pulled
// before it stay (they are whole). `onTotal` learns the bytes of all files before the first comes.
StatusOr<std::vector<PulledApk>> pullApks(adb::AdbDevice& device, const std::string& package,
                                          const std::string& directory, ProgressSink& progress,
                                          const adb::IoLimits& limits,
                                          const std::function<void(uint64_t totalBytes)>& onTotal = nullptr);

}  // namespace mxi::core::agentlink
