// The simulated demo app's StrictMode reports (docs/DEVICES.md "StrictMode"): with penaltyLog()
// the app's process logs, on the main buffer under tag `StrictMode` in Android 9+'s form
// (`android.os.strictmode.*Violation`), a main-thread DiskReadViolation with its ~duration every
// 60 × logMs from 15 × logMs, and from the FinalizerDaemon thread a LeakedClosableViolation for a
// FileInputStream the demo's ThumbnailCache opened, 2 × logMs later. With penaltyDropBox() the
// system writes a `data_app_strictmode` entry (DiskWriteViolation) every 40 × logMs from
// 25 × logMs; DropBox keeps the last 5. The text is ours, written in the layouts of AOSP's
// StrictMode.ViolationInfo / ActivityManagerService.logStrictModeViolationToDropBox.
#pragma once

#include <string>
#include <vector>

#include "sim_context.h"

namespace mxi::sim {

inline constexpr int kDemoFinalizerTid = 4256;  // the demo process's FinalizerDaemon thread

// The demo's StrictMode lines (main buffer), appended to `log` (sorted later).
void addDemoStrictMode(const SimConfig& config, int pid, std::vector<SimLogLine>& log);

// The DropBox entries of `tag` written by now (`dumpsys dropbox --print data_app_strictmode`),
// each from its "=====" separator; "" for another tag or a phone that is not the demo.
std::string demoStrictModeDropBox(const Ctx& c, const std::string& tag);

}  // namespace mxi::sim
