// What a method trace says about the app, in Matrix's terms: the main thread's Looper
// dispatches, each one at or over the evil-method threshold as a `Trace_EvilMethod` issue with its
// call tree, a launch as a `Trace_StartUp` issue, and main-thread file and database IO as `io`
// issues like IOCanary's main-thread detector. The issues are Matrix content JSON, so sessions,
// views, exports and comparisons treat them as any other. Rules: docs/TRACE.md, "Method traces".
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/mapping/r8_mapping.h"
#include "core/matrix/matrix_issue.h"
#include "core/matrix/method_mapping.h"
#include "core/methodtrace/method_trace.h"

namespace mxi::core::methodtrace {

// `am start -W` answers for a launch trace.
struct LaunchTimes {
  std::optional<int64_t> totalTimeMs, waitTimeMs;
  std::string launchState;  // "COLD", "WARM", "HOT" (Android 10+)
  std::string activity;     // "com.example/.MainActivity"
};

struct MethodTraceOptions {
  int64_t evilMethodMs = 700;         // Matrix's evil-method threshold
  int64_t ioOnceMs = 13;              // IOCanary: one read or write this slow on the main thread
  int64_t ioContinualMs = 500;        // IOCanary: this much IO in a row on the main thread
  std::string process;                // the issues' process (default: "pid N")
  std::optional<LaunchTimes> launch;  // set for a trace taken from a launch
};

struct LooperDispatch {
  uint32_t call = 0;  // index into the main thread's calls
  uint64_t startUs = 0;
  uint32_t wallUs = 0, cpuUs = 0;
  std::string target;  // what ran: "android.view.Choreographer$FrameDisplayEventReceiver.run"
};

struct MethodTraceReport {
  std::optional<size_t> mainThread;         // index into MethodTrace::threads
  std::vector<LooperDispatch> dispatches;   // on the main thread, in time order
  std::vector<std::string> issueJson;       // Matrix content objects, in time order
  std::vector<matrix::MatrixIssue> issues;  // the same, parsed and with named call trees
  std::vector<uint32_t> issueCalls;         // per issue, the main-thread call it is about (kNoCall: none)
};

MethodTraceReport judgeMethodTrace(const MethodTrace& trace, const MethodTraceOptions& options);

// Classes of the platform and of the libraries it ships (java., android., androidx., kotlin., …):
// IO is blamed on the first caller outside them; the flame chart colours them apart from the app.
bool isPlatformClass(std::string_view className);

// Renames the trace's classes and methods through an R8/ProGuard mapping.txt (names it does not
// know stay), before judging: the flame chart, the call trees and the issues then all show the
// original names.
void deobfuscate(MethodTrace& trace, const mapping::R8Mapping& proguard);

}  // namespace mxi::core::methodtrace
