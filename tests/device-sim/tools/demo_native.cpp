// libmxidemo.so, the demo app's native library (demo_apk.h): a tiny shared library of this
// computer, put in the APK unstripped (lib/arm64-v8a) and stripped (lib/armeabi-v7a).
extern "C" int mxi_demo_checksum(const unsigned char* data, int size);

extern "C" int mxi_demo_checksum(const unsigned char* data, int size) {
  int sum = 0;
  for (int i = 0; i < size; ++i) sum = sum * 31 + data[i];
  return sum;
}
