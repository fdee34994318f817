#include "sim_strictmode.h"

#include <ctime>

namespace mxi::sim {

namespace {

constexpr int64_t kReportEvery = 60;  // × logMs
constexpr int64_t kDropBoxEvery = 40;
constexpr int64_t kDropBoxKept = 5;

const char* const kDiskRead[] = {
    "StrictMode policy violation; ~duration=87 ms: android.os.strictmode.DiskReadViolation",
    "\tat android.os.StrictMode$AndroidBlockGuardPolicy.onReadFromDisk(StrictMode.java:1596)",
    "\tat libcore.io.BlockGuardOs.read(BlockGuardOs.java:253)",
    "\tat libcore.io.IoBridge.read(IoBridge.java:501)",
    "\tat java.io.FileInputStream.read(FileInputStream.java:307)",
    "\tat com.example.mxi.demo.Catalog.readIndex(Catalog.java:63)",
    "\tat com.example.mxi.demo.DemoActivity.onResume(DemoActivity.java:91)",
    "\tat android.app.Instrumentation.callActivityOnResume(Instrumentation.java:1456)",
    "\tat android.app.Activity.performResume(Activity.java:8135)",
    "\tat android.app.ActivityThread.performResumeActivity(ActivityThread.java:4434)",
    "\tat android.app.ActivityThread.handleResumeActivity(ActivityThread.java:4476)",
    "\tat android.app.servertransaction.ResumeActivityItem.execute(ResumeActivityItem.java:52)",
    "\tat android.app.servertransaction.TransactionExecutor.executeLifecycleState(TransactionExecutor.java:176)",
    "\tat android.app.servertransaction.TransactionExecutor.execute(TransactionExecutor.java:97)",
    "\tat android.app.ActivityThread$H.handleMessage(ActivityThread.java:2066)",
    "\tat android.os.Handler.dispatchMessage(Handler.java:106)",
    "\tat android.os.Looper.loop(Looper.java:223)",
    "\tat android.app.ActivityThread.main(ActivityThread.java:7656)",
    "\tat java.lang.reflect.Method.invoke(Native Method)",
    "\tat com.android.internal.os.RuntimeInit$MethodAndArgsCaller.run(RuntimeInit.java:592)",
    "\tat com.android.internal.os.ZygoteInit.main(ZygoteInit.java:947)",
};

const char* const kLeakedStream[] = {
    // One line, as logcat prints it (split here for width only).
    ("StrictMode policy violation: android.os.strictmode.LeakedClosableViolation: A resource was acquired at "
     "attached stack trace but never released. See java.io.Closeable for information on avoiding resource leaks."),
    "\tat android.os.StrictMode$AndroidCloseGuardReporter.report(StrictMode.java:1786)",
    "\tat dalvik.system.CloseGuard.warnIfOpen(CloseGuard.java:264)",
    "\tat java.io.FileInputStream.finalize(FileInputStream.java:487)",
    "\tat java.lang.Daemons$FinalizerDaemon.doFinalize(Daemons.java:291)",
    "\tat java.lang.Daemons$FinalizerDaemon.runInternal(Daemons.java:278)",
    "\tat java.lang.Daemons$Daemon.run(Daemons.java:139)",
    "\tat java.lang.Thread.run(Thread.java:923)",
    "Caused by: java.lang.Throwable: Explicit termination method 'close' not called",
    "\tat dalvik.system.CloseGuard.open(CloseGuard.java:232)",
    "\tat java.io.FileInputStream.<init>(FileInputStream.java:165)",
    "\tat com.example.mxi.demo.ThumbnailCache.open(ThumbnailCache.java:52)",
    "\tat com.example.mxi.demo.DemoActivity.onCreate(DemoActivity.java:64)",
    "\tat android.app.Activity.performCreate(Activity.java:8000)",
    "\tat android.app.Instrumentation.callActivityOnCreate(Instrumentation.java:1309)",
    "\tat android.app.ActivityThread.performLaunchActivity(ActivityThread.java:3422)",
    "\tat android.app.ActivityThread$H.handleMessage(ActivityThread.java:2066)",
    "\tat android.os.Handler.dispatchMessage(Handler.java:106)",
    "\tat android.os.Looper.loop(Looper.java:223)",
    "\tat android.app.ActivityThread.main(ActivityThread.java:7656)",
    "\tat java.lang.reflect.Method.invoke(Native Method)",
    "\tat com.android.internal.os.RuntimeInit$MethodAndArgsCaller.run(RuntimeInit.java:592)",
    "\tat com.android.internal.os.ZygoteInit.main(ZygoteInit.java:947)",
};

// logStrictModeViolationToDropBox's headers, then the violation's stack trace.
const char* const kDropBoxBody =
    "Process: com.example.mxi.demo\nPID: 4242\nUID: 10042\nFlags: 0x38c8be46\n"
    "Package: com.example.mxi.demo v1 (1.0)\nBuild: simulated/mxi_demo/generic:11/MXI/1:userdebug/test-keys\n"
    "System-App: false\nUptime-Millis: 4538211\nLoop-Violation-Number: 1\nDuration-Millis: 24\n\n"
    "android.os.strictmode.DiskWriteViolation\n"
    "\tat android.os.StrictMode$AndroidBlockGuardPolicy.onWriteToDisk(StrictMode.java:1568)\n"
    "\tat libcore.io.BlockGuardOs.write(BlockGuardOs.java:425)\n"
    "\tat libcore.io.IoBridge.write(IoBridge.java:540)\n"
    "\tat java.io.FileOutputStream.write(FileOutputStream.java:381)\n"
    "\tat com.example.mxi.demo.Settings.save(Settings.java:77)\n"
    "\tat com.example.mxi.demo.DemoActivity.onPause(DemoActivity.java:102)\n"
    "\tat android.app.Activity.performPause(Activity.java:8171)\n"
    "\tat android.app.ActivityThread$H.handleMessage(ActivityThread.java:2066)\n"
    "\tat android.os.Handler.dispatchMessage(Handler.java:106)\n"
    "\tat android.os.Looper.loop(Looper.java:223)\n"
    "\tat android.app.ActivityThread.main(ActivityThread.java:7656)\n"
    "\tat java.lang.reflect.Method.invoke(Native Method)\n"
    "\tat com.android.internal.os.RuntimeInit$MethodAndArgsCaller.run(RuntimeInit.java:592)\n"
    "\tat com.android.internal.os.ZygoteInit.main(ZygoteInit.java:947)\n\n";

}  // namespace

void addDemoStrictMode(const SimConfig& config, int pid, std::vector<SimLogLine>& log) {
  for (int64_t k = 0; k < 200; ++k) {
    const int64_t at = (15 + k * kReportEvery) * config.logMs;
    for (const char* line : kDiskRead) log.push_back({at, pid, pid, 'D', "StrictMode", line, LogBuffer::kMain});
    for (const char* line : kLeakedStream) {
      log.push_back({at + 2 * config.logMs, pid, kDemoFinalizerTid, 'D', "StrictMode", line, LogBuffer::kMain});
    }
  }
}

std::string demoStrictModeDropBox(const Ctx& c, const std::string& tag) {
  if (!c.device.synthetic || tag != "data_app_strictmode") return {};
  const int64_t every = kDropBoxEvery * c.config.logMs, first = 25 * c.config.logMs;
  const int64_t written = c.elapsed() < first ? 0 : (c.elapsed() - first) / every + 1;
  std::string out;
  for (int64_t k = written > kDropBoxKept ? written - kDropBoxKept : 0; k < written; ++k) {
    // DropBoxManagerService prints each entry's time in the phone's zone (UTC here).
    const time_t t = static_cast<time_t>((c.origin + first + k * every) / 1000);
    tm utc{};
    gmtime_r(&t, &utc);
    char when[32];
    std::strftime(when, sizeof when, "%Y-%m-%d %H:%M:%S", &utc);
    out += "========================================\n" + std::string(when) + " data_app_strictmode (text, " +
           std::to_string(std::char_traits<char>::length(kDropBoxBody)) + " bytes)\n" + kDropBoxBody + "\n";
  }
  return out;
}

}  // namespace mxi::sim
