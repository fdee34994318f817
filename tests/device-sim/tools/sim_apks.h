// The APK files of the simulated phone's apps, as `pm path PKG` lists them (issue 44, `mxi apk
// pull`): the demo app's generated APK (MXI_SIM_DEMO_APK, which `--demo` sets up: sim_demo_apk.h)
// and what MXI_SIM_APKS installs (`PKG=FILE[:FILE…][;PKG=…]`, base first, then splits). Each file
// is copied into the sandbox where Android keeps it, `/data/app/~~R1==/PKG-R2==/base.apk` and
// `split_….apk` beside it, so `adb pull` and the sync client read it there. The two random parts
// are made from the package name: a phone's sandbox keeps its paths from call to call.
#pragma once

#include <string>
#include <vector>

#include "sim_config.h"

namespace mxi::sim {

struct SimApk {
  std::string package;
  std::vector<std::string> sources;      // host files: base first, then splits
  std::vector<std::string> devicePaths;  // where the phone has them, in the same order
};

// Every installed app's APKs: MXI_SIM_APKS's in their order, then the demo app's unless
// MXI_SIM_APKS names it too. A malformed MXI_SIM_APKS item is said on stderr and skipped.
std::vector<SimApk> installedApks(const SimConfig& config);

// The device path of an app's `index`-th file (0: base.apk; a split keeps its file name when it
// starts with "split_", else gets that prefix), in the app's install directory.
std::string apkDevicePath(const std::string& package, size_t index, const std::string& source);

// `pm path [--user N] PKG`: copies the app's files into the sandbox when they are not there yet
// (a copy beside, renamed into place) and prints `package:PATH` for each, base first.
// An unknown package prints nothing and exits 1, as PackageManagerShellCommand.runPath does (its
// displayPackageFilePath returns 1 without a word when getPackageInfo finds nothing).
int pmPath(const SimConfig& config, const std::vector<std::string>& args);

}  // namespace mxi::sim
