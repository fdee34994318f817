// ANR thread dumps (/data/anr/traces.txt, dropbox/AppExitInfo ANR text, "Waiting Channels"
// native-only dumps): processes, threads, lock waits, blocking chains and deadlock cycles.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/base/parse_problem.h"
#include "core/base/status.h"

namespace mxi::core::anr {

struct LockWait {
  std::string lock;        // "0x00f7fc8a" ("" for "an unknown object")
  std::string lockClass;   // "java.util.HashMap"
  int64_t heldByTid = -1;  // ART thread id (the `tid=` of the holder); -1 when unknown
};

struct AnrThread {
  std::string name;
  int64_t tid = -1;     // ART thread id ("tid=1" is main)
  int64_t sysTid = -1;  // Linux tid
  int32_t prio = -1;
  bool daemon = false;
  std::string state;                // Runnable, Blocked, Native, … or the wchan of a native-only dump
  std::vector<std::string> frames;  // "pkg.Class.method(File.java:12)", "native: #00 pc …", "kernel: …"
  std::optional<LockWait> waitingToLock;
  std::vector<std::string> locked;  // lock addresses this thread holds
  std::string waitingOn;            // "- waiting on <0x…>" / "- sleeping on <0x…>"
  uint64_t line = 0;
  bool isMain() const { return tid == 1 || name == "main"; }
};

struct AnrProcess {
  int64_t pid = -1;
  std::string cmdline;
  std::string time;  // as printed in the section header
  std::string abi, buildFingerprint;
  bool nativeOnly = false;         // a "Waiting Channels" section: kernel wait channels, no Java stacks
  std::vector<AnrThread> threads;  // main thread first, then file order
  bool complete = false;           // the "----- end <pid> -----" marker was seen
  uint64_t line = 0;
};

// A thread waiting for a lock, the thread holding it, what that thread waits for, and so on.
struct BlockingChain {
  int64_t pid = -1;
  std::vector<int64_t> tids;  // first = the blocked thread
  bool endsInCycle = false;
};

struct AnrReport {
  std::string subject;  // dropbox "Subject:" (the ANR reason), if present
  std::vector<AnrProcess> processes;
  std::vector<BlockingChain> blockingChains;  // one per waiting thread, main thread's first
  std::vector<BlockingChain> deadlocks;       // each cycle once, starting at its smallest tid
  std::vector<ParseProblem> problems;

  const AnrThread* mainThread() const;  // of the first process that has one
};

// Fails only when nothing in the text looks like a thread dump (the error names what was seen).
StatusOr<std::shared_ptr<const AnrReport>> parseAnrTrace(std::string_view text);

}  // namespace mxi::core::anr
