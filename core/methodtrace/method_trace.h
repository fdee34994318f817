// ART and Dalvik method traces (Debug.startMethodTracing, `am profile start`, `am start
// --start-profiler`): the classic file (text header `*version` … `*end`, then the "SLOW" binary
// header and fixed-size records; versions 1–3, wall, thread-CPU or dual clock) and ART's
// streaming format (binary header first, method and thread definitions between the records, the
// text summary last). Layout and what each field means: docs/TRACE.md, "Method traces".
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/base/status.h"

namespace mxi::core::methodtrace {

enum class TraceClock : uint8_t { kWall, kCpu, kDual };  // version 1's "global" clock is wall time
std::string_view traceClockName(TraceClock clock);       // "wall", "cpu", "dual"

enum class TraceAction : uint8_t { kEnter = 0, kExit = 1, kUnwind = 2 };  // unwind: left by an exception

struct TraceMethod {
  uint32_t id = 0;                    // as written, action bits clear
  std::string className;              // with dots, as ART writes it (Dalvik's slashes are converted)
  std::string name;                   // "dispatchMessage"
  std::string signature;              // "(Landroid/os/Message;)V"
  std::string sourceFile;             // "Handler.java"; empty when the VM did not know
  int32_t line = -1;                  // Dalvik's line column; -1 when absent
  bool defined = true;                // false: a record named an id the file never defined
  std::string qualifiedName() const;  // "android.os.Handler.dispatchMessage"
  std::string displayName() const;    // qualifiedName() + signature
};

inline constexpr uint32_t kNoCall = UINT32_MAX;

// One invocation, 32 bytes. A thread's calls are in pre-order: a call's callees follow it, up to
// `next`. Times are µs since the trace started, on the wall clock (on the thread's CPU clock when
// the trace has no wall clock).
struct TraceCall {
  enum Flags : uint8_t {
    kEnteredBefore = 1,  // already running when tracing began (an exit without an enter)
    kUnfinished = 2,     // still running when tracing stopped
    kUnwound = 4,        // left by an exception
  };
  uint32_t method = 0;        // index into MethodTrace::methods
  uint32_t parent = kNoCall;  // index into the thread's calls
  uint32_t next = 0;          // index just past this call's callees
  uint16_t depth = 0;
  uint8_t flags = 0;
  uint64_t startUs = 0;
  uint32_t wallUs = 0;  // inclusive
  uint32_t cpuUs = 0;   // inclusive thread CPU time; 0 without a CPU clock
  uint64_t endUs() const { return startUs + wallUs; }
};

struct TraceThread {
  uint32_t id = 0;  // the kernel tid (ART) or the VM's thread id (Dalvik)
  std::string name;
  uint64_t records = 0;
  std::vector<TraceCall> calls;
};

struct MethodTrace {
  int version = 0;  // 1, 2 or 3
  bool streaming = false;
  bool overflow = false;  // data-file-overflow: the VM's buffer filled and later calls are missing
  TraceClock clock = TraceClock::kWall;
  std::string vm;  // "art", "dalvik"
  std::optional<int64_t> pid;
  uint64_t elapsedTimeUs = 0;
  std::optional<uint64_t> declaredRecords;  // num-method-calls (absent in streaming traces)
  uint32_t clockOverheadNs = 0;
  uint64_t startTimeUs = 0;                                          // when tracing started, µs since the Unix epoch
  std::vector<std::pair<std::string, std::string>> otherHeaderKeys;  // alloc-count, gc-count, …
  std::vector<TraceMethod> methods;
  std::vector<TraceThread> threads;
  uint64_t records = 0;                 // method events read
  uint64_t undefinedMethodRecords = 0;  // events naming a method id the file never defined
  uint64_t endUs = 0;                   // the last wall time seen (calls still running end here)

  bool hasWallClock() const { return clock != TraceClock::kCpu; }
  bool hasCpuClock() const { return clock != TraceClock::kWall; }
  const TraceMethod& methodOf(const TraceCall& c) const { return methods[c.method]; }
  // The app's main thread: the thread whose id is the pid (ART), else the one named "main",
  // else thread 1 (Dalvik's main). An index into threads; nullopt when none matches.
  std::optional<size_t> mainThread() const;
};

struct MethodTraceReadResult {
  MethodTrace trace;
  // Set when the input ended early or was damaged: `trace` holds everything before that point
  // and the status says what and at which byte offset.
  std::optional<Status> error;
};

// Reads a whole trace held in memory and rebuilds each thread's calls (two passes over the
// events: the first finds the frames that were running when tracing began, so that every exit
// has its call). Fails (no partial result) only when the input is not a method trace at all.
// `consumed(offset)` is called as the second pass moves on (every few MiB): bytes before
// `offset` will not be read again, so a caller holding a mapped file can release those pages
// and the peak memory stays near the size of the calls rather than file + calls.
StatusOr<MethodTraceReadResult> readMethodTrace(std::string_view bytes,
                                                const std::function<void(uint64_t offset)>& consumed = {});

// True when `bytes` starts like a method trace (classic or streaming).
bool looksLikeMethodTrace(std::string_view bytes);

}  // namespace mxi::core::methodtrace
