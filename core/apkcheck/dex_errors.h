// The dex files a task could not read, as one error line ("classes2.dex: …; classes3.dex: …"),
// so a dex-based task reports them and still counts the dex files it could read. An APK without
// code (resources only, a config split) is not an error: its counts are zero.
#pragma once

#include <string>

#include "core/apkcheck/apk_inputs.h"

namespace mxi::core::apkcheck {

inline std::string dexErrors(const ApkInputs& in) {
  std::string error;
  for (const DexEntry& d : in.dexFiles) {
    if (d.parsed < 0) error += (error.empty() ? "" : "; ") + d.error.toString();
  }
  return error;
}

}  // namespace mxi::core::apkcheck
