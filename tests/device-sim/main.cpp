// mxi-device-sim: a simulated Android device for tests and the GUI's demo mode.
// See tests/device-sim/README.md for the command line (kept stable: other tools start it).
#include <signal.h>
#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <filesystem>

#include <CLI/CLI.hpp>

#include "core/adb/device_banner.h"
#include "tests/device-sim/device_simulator.h"
#include "tests/device-sim/phone_setup.h"
#include "tests/device-sim/sim_services.h"

namespace {
mxi::sim::DeviceSimulator* g_simulator = nullptr;
void onSignal(int) {
  if (g_simulator != nullptr) g_simulator->stop();
}
}  // namespace

int main(int argc, char** argv) {
  mxi::sim::SimOptions options;
  std::string features;
  bool tools = false, demo = false, setupOnly = false;
  mxi::sim::PhoneSetup phone;
  CLI::App app{
      "mxi-device-sim - a simulated Android device speaking the device side of the ADB protocol on TCP.\n"
      "Connect with `adb connect 127.0.0.1:PORT` or `mxi --transport tcp:127.0.0.1:PORT …`."};
  app.add_option("--port", options.port, "TCP port on 127.0.0.1 (0: pick a free one)")->capture_default_str();
  app.add_option("--serial", options.serial, "device serial (ro.serialno, $ANDROID_SERIAL in shells)")
      ->capture_default_str();
  app.add_option("--root", options.root,
                 "sandbox directory: the device's / for sync and sockets, cwd of shells, <root>/bin first on PATH "
                 "(default: a new temporary directory)");
  app.add_option("--key", options.keyFiles, "adbkey.pub file(s) of authorized hosts; turns AUTH on (repeatable)");
  app.add_flag("--accept-offered-keys", options.acceptOfferedKeys,
               "accept public keys a host offers (as if the user tapped Allow); turns AUTH on");
  app.add_option("--product", options.product, "ro.product.name in the CNXN banner")->capture_default_str();
  app.add_option("--model", options.model, "ro.product.model in the CNXN banner")->capture_default_str();
  app.add_option("--device", options.device, "ro.product.device in the CNXN banner")->capture_default_str();
  app.add_option("--abi", options.abi,
                 "the phone's ABI: arm64-v8a, armeabi-v7a or x86_64 (getprop, uname -m; a pushed ELF of another "
                 "machine than this computer's runs through qemu-user-static)")
      ->capture_default_str()
      ->check(CLI::IsMember({"arm64-v8a", "armeabi-v7a", "x86_64"}));
  app.add_option(
      "--features", features,
      "comma-separated feature list replacing the default (shell_v2,cmd,stat_v2,ls_v2,fixed_push_mkdir,apex,abb_exec)");
  app.add_option("--max-payload", options.maxPayload, "largest ADB payload accepted (bytes)")
      ->capture_default_str()
      ->check(CLI::Range(4096, 1024 * 1024));
  app.add_option("--drop-after-sync-bytes", options.dropAfterSyncBytes,
                 "drop the connection once a push (sync SEND) has sent this many bytes, as a pulled cable would");
  app.add_option("--drop-after-pull-bytes", options.dropAfterPullBytes,
                 "drop the connection once a pull (sync RECV) has received this many bytes, as a pulled cable would");
  app.add_flag("-v,--verbose", options.verbose, "log connections and services to stderr");
  app.add_flag("--demo", demo,
               std::string("the demo phone: the simulated Android tools and one app (") + mxi::sim::kDemoPackage +
                   ") showing synthetic frames, Matrix issues and an ANR (labelled synthetic), the sample heap dump "
                   "behind `am dumpheap` and a real ART method trace behind `am profile`");
  app.add_flag(
      "--tools", tools,
      "the simulated Android tools only (dumpsys, logcat, am, pm, getprop, setprop, pidof, ps, run-as, uname)");
  app.add_flag("--setup-only", setupOnly,
               "set the sandbox (--root) up as --tools/--demo say, then exit without listening");
  app.add_option("--android-tool", phone.androidTool,
                 "mxi-android-tool to link as the tools (default: next to this program)");
  app.add_option("--heap", phone.heap,
                 "heap dump (.hprof or .hprof.gz) `am dumpheap` writes (default with --demo: the sample)");
  app.add_option("--trace", phone.methodTrace,
                 "method trace (.trace or .trace.gz) `am profile stop` writes (default with --demo: the sample, a "
                 "real ART trace, and for a traced launch of the demo app that launch's own)");
  app.add_option("--env", phone.env,
                 "a KEY=VALUE setting of the simulated tools (repeatable; tests/device-sim/README.md)");
  CLI11_PARSE(app, argc, argv);

  if (!features.empty() || app.count("--features") > 0) options.features = mxi::core::adb::parseFeatureList(features);
  if (options.root.empty()) {
    char pattern[] = "/tmp/mxi-device-sim-XXXXXX";
    if (mkdtemp(pattern) == nullptr) {
      std::perror("mxi-device-sim: mkdtemp");
      return 1;
    }
    options.root = pattern;
  }
  std::error_code ec;
  std::filesystem::create_directories(options.root, ec);
  options.root = std::filesystem::canonical(options.root, ec).string();
  if (ec) {
    std::fprintf(stderr, "mxi-device-sim: bad --root: %s\n", ec.message().c_str());
    return 2;
  }

  if (demo || tools) {
    char self[4096];
    const ssize_t n = readlink("/proc/self/exe", self, sizeof self - 1);
    const std::string exeDir =
        n > 0 ? std::filesystem::path(std::string(self, static_cast<size_t>(n))).parent_path().string() : ".";
    if (phone.androidTool.empty()) phone.androidTool = mxi::sim::findAndroidTool(exeDir);
    if (demo && phone.heap.empty()) phone.heap = mxi::sim::findSampleHeap(exeDir);
    if (demo && phone.methodTrace.empty()) phone.sampleTrace = mxi::sim::findSampleTrace(exeDir);
    // The demo app's leak is in its own dump; without it `am dumpheap` gives it the sample too.
    if (demo) phone.demoAppHeap = mxi::sim::findDemoAppHeap(exeDir);
    if (demo) phone.demoApk = mxi::sim::findDemoApk(exeDir);
    if (demo && phone.heap.empty()) {
      std::fprintf(stderr,
                   "mxi-device-sim: --demo needs the sample heap dump (share/matrix-inspector/samples); "
                   "give one with --heap\n");
      return 2;
    }
    phone.oneAppDemo = demo;
    if (const auto set = mxi::sim::setUpPhone(options.root, phone); !set.ok()) {
      std::fprintf(stderr, "mxi-device-sim: %s\n", set.toString().c_str());
      return 2;
    }
  }

  if (setupOnly) return 0;

  mxi::sim::DeviceSimulator simulator(options);
  const auto status = simulator.start();
  if (!status.ok()) {
    std::fprintf(stderr, "mxi-device-sim: %s\n", status.toString().c_str());
    return 1;
  }
  g_simulator = &simulator;
  struct sigaction sa {};
  sa.sa_handler = onSignal;
  sigaction(SIGINT, &sa, nullptr);
  sigaction(SIGTERM, &sa, nullptr);
  signal(SIGPIPE, SIG_IGN);
  std::printf("listening on 127.0.0.1:%u\n", simulator.port());
  std::printf("root %s\n", options.root.c_str());
  std::fflush(stdout);
  simulator.run();
  mxi::sim::killShellChildren();
  // Connection and service threads are detached and may still run: leave without destructors.
  std::fflush(nullptr);
  _exit(0);
}
