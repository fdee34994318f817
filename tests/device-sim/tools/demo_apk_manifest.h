// The demo app's AndroidManifest.xml in Android's binary XML (AXML), written chunk by chunk as
// aapt2 leaves it in an APK: a UTF-16 string pool whose first strings are the android: attribute
// names, the resource map giving their ids (versionCode 0x0101021b, versionName 0x0101021c,
// minSdkVersion 0x0101020c, targetSdkVersion 0x01010270, label 0x01010001, name 0x01010003), then
// the namespace and element chunks. Layout from AOSP frameworks/base/libs/androidfw ResourceTypes.h.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace mxi::sim {

struct DemoManifest {
  std::string package;
  int32_t versionCode = 0;
  std::string versionName;
  int32_t minSdk = 0;
  int32_t targetSdk = 0;
  std::string label;
  std::string launcherActivity;  // its full class name: MAIN/LAUNCHER
};

std::vector<uint8_t> binaryManifest(const DemoManifest& manifest);

}  // namespace mxi::sim
