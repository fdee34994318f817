#include "tests/device-sim/phone_setup.h"

#include <zlib.h>

#include <filesystem>
#include <fstream>

namespace mxi::sim {

namespace fs = std::filesystem;

namespace {

// `am dumpheap` writes a plain hprof, ART a plain trace: a .gz sample is inflated (a plain file
// is copied as is).
core::Status writePlainFile(const std::string& source, const std::string& out) {
  gzFile in = gzopen(source.c_str(), "rb");
  if (in == nullptr) return core::ioError(source + ": cannot open it");
  std::ofstream dst(out, std::ios::binary | std::ios::trunc);
  std::vector<char> buf(1 << 20);
  int n = 0;
  while ((n = gzread(in, buf.data(), static_cast<unsigned>(buf.size()))) > 0) dst.write(buf.data(), n);
  gzclose(in);
  if (n < 0) return core::invalidInput(source + ": its gzip stream is damaged");
  if (!dst) return core::ioError(out + ": cannot write");
  return core::okStatus();
}

std::string firstExisting(std::initializer_list<fs::path> candidates) {
  std::error_code ec;
  for (const fs::path& c : candidates) {
    if (!c.empty() && fs::is_regular_file(c, ec)) return fs::canonical(c, ec).string();
  }
  return {};
}

}  // namespace

core::Status setUpPhone(const std::string& root, const PhoneSetup& setup) {
  std::error_code ec;
  if (setup.androidTool.empty() || !fs::is_regular_file(setup.androidTool, ec)) {
    return core::notFound(
        "mxi-android-tool (the simulated Android tools) is not here: " +
        (setup.androidTool.empty() ? std::string("not found next to mxi-device-sim") : setup.androidTool));
  }
  for (const char* dir : {"bin", "etc", "var", "data/local/tmp"}) fs::create_directories(fs::path(root) / dir, ec);
  for (const char* tool : kSimulatedTools) {
    const fs::path link = fs::path(root) / "bin" / tool;
    fs::remove(link, ec);
    fs::create_symlink(setup.androidTool, link, ec);
    if (ec) return core::ioError(link.string() + ": " + ec.message());
  }
  std::ofstream env(fs::path(root) / "etc" / "mxi-sim.env", std::ios::trunc);
  if (!setup.heap.empty()) {
    const std::string heap = (fs::path(root) / "var" / "sample-heap.hprof").string();
    RETURN_IF_ERROR(writePlainFile(setup.heap, heap));
    env << "MXI_SIM_HEAP_SOURCE=" << heap << "\n";
  }
  if (!setup.demoAppHeap.empty()) {
    const std::string heap = (fs::path(root) / "var" / "demo-app-heap.hprof").string();
    RETURN_IF_ERROR(writePlainFile(setup.demoAppHeap, heap));
    env << "MXI_SIM_DEMO_APP_HEAP=" << heap << "\n";
  }
  for (const auto& [source, key] :
       {std::pair{setup.methodTrace, "MXI_SIM_TRACE_SOURCE"}, std::pair{setup.sampleTrace, "MXI_SIM_SAMPLE_TRACE"}}) {
    if (source.empty()) continue;
    const std::string trace = (fs::path(root) / "var" / "sample-method.trace").string();
    RETURN_IF_ERROR(writePlainFile(source, trace));
    env << key << "=" << trace << "\n";
  }
  if (!setup.demoApk.empty()) env << "MXI_SIM_DEMO_APK=" << setup.demoApk << "\n";  // installed by `pm path`
  if (setup.oneAppDemo) {
    // The demo phone plays only what may ship (the real captures' licences do not allow it), so
    // the build tree and an install show the same app; an --env MXI_SIM_REFERENCE=DIR below wins.
    env << "MXI_SIM_ONE_APP_DEMO=1\nMXI_SIM_REFERENCE=\n";
  }
  for (const std::string& line : setup.env) env << line << "\n";
  if (!env) return core::ioError(root + "/etc/mxi-sim.env: cannot write");
  return core::okStatus();
}

std::string findAndroidTool(const std::string& executableDir) {
  return firstExisting({
      fs::path(executableDir) / "mxi-android-tool",
#ifdef MXI_SIM_BUILD_ANDROID_TOOL
      fs::path(MXI_SIM_BUILD_ANDROID_TOOL),
#endif
  });
}

// An installed sample (<prefix>/share/matrix-inspector/samples/NAME), else the source tree's.
std::string findSample(const std::string& executableDir, const char* name, const char* inSourceTree) {
  return firstExisting({
      fs::path(executableDir) / ".." / "share" / "matrix-inspector" / "samples" / name,
      inSourceTree ? fs::path(inSourceTree) : fs::path(),
  });
}

#ifndef MXI_SIM_SOURCE_SAMPLE_HEAP
#define MXI_SIM_SOURCE_SAMPLE_HEAP nullptr
#endif
#ifndef MXI_SIM_SOURCE_DEMO_APP_HEAP
#define MXI_SIM_SOURCE_DEMO_APP_HEAP nullptr
#endif
#ifndef MXI_SIM_BUILD_DEMO_APK
#define MXI_SIM_BUILD_DEMO_APK nullptr
#endif
#ifndef MXI_SIM_SOURCE_SAMPLE_TRACE
#define MXI_SIM_SOURCE_SAMPLE_TRACE nullptr
#endif

std::string findSampleHeap(const std::string& executableDir) {
  return findSample(executableDir, "sample-android-shaped.hprof.gz", MXI_SIM_SOURCE_SAMPLE_HEAP);
}

std::string findDemoAppHeap(const std::string& executableDir) {
  return findSample(executableDir, "demo-app-leak.hprof.gz", MXI_SIM_SOURCE_DEMO_APP_HEAP);
}

std::string findSampleTrace(const std::string& executableDir) {
  return findSample(executableDir, "sample-art-method.trace.gz", MXI_SIM_SOURCE_SAMPLE_TRACE);
}

std::string findDemoApk(const std::string& executableDir) {
  return findSample(executableDir, "demo-app.apk", MXI_SIM_BUILD_DEMO_APK);
}

}  // namespace mxi::sim
