// The dex files a task could not read, as one error line ("classes2.dex: …; classes3.dex: …"),
// so a dex-based task reports them and still counts the dex files it could read.
#pragma once

#include <string>

#include "core/apkcheck/apk_inputs.h"

namespace mxi::core::apkcheck {

inline std::string dexErrors(const ApkInputs& in) {
  std::string error;
  for (const DexEntry& d : in.dexFiles) {
    if (!d.dex.ok()) error += (error.empty() ? "" : "; ") + d.dex.status().toString();
  }
  if (in.dexFiles.empty()) error = "no classes.dex";
  return error;
}

// "com.example" for "com.example.Main"; "" for a class in no package.
inline std::string packageOf(const std::string& className) {
  const size_t dot = className.rfind('.');
  return dot == std::string::npos ? std::string() : className.substr(0, dot);
}

}  // namespace mxi::core::apkcheck
