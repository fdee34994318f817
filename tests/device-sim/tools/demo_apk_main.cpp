// mxi-sim-demo-apk OUT.apk UNSTRIPPED.so STRIPPED.so: writes the demo app's APK (demo_apk.h) at
// build time; `mxi-device-sim --demo` installs it on the demo phone.
#include <cstdio>

#include "demo_apk.h"

int main(int argc, char** argv) {
  if (argc != 4) {
    std::fprintf(stderr, "usage: mxi-sim-demo-apk OUT.apk UNSTRIPPED.so STRIPPED.so\n");
    return 2;
  }
  const auto status = mxi::sim::writeDemoApk(argv[1], {argv[2], argv[3]});
  if (!status.ok()) {
    std::fprintf(stderr, "mxi-sim-demo-apk: %s\n", status.toString().c_str());
    return 1;
  }
  return 0;
}
