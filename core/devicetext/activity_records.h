// The Activity records the system holds, read from `dumpsys activity activities`: the leak watch
// compares how many a process's heap still counts (meminfo Objects → Activities) with how many
// the system still has for that process, so a destroyed Activity that stays in the heap shows.
// Every release lists each record of a task's history once as a "Hist" line followed by its
// details, of which `app=ProcessRecord{<hash> <pid>:<process>/<uid>}` names the process that
// runs it ("app=null" once that process died):
//   "      * Hist #0: ActivityRecord{4c2a1b u0 com.app/.Main t12}"          (Android 4.x–9)
//   "    * Hist  #0: ActivityRecord{7ff01aa u0 com.app/com.app.Main t61}"   (Android 10+)
// Other lines that name records (ResumedActivity, "Run #", mLastPausedActivity…) repeat them and
// are not counted.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace mxi::core::devicetext {

struct ActivityRecordLine {
  std::string record;        // the record's hash ("7ff01aa")
  std::string component;     // as printed: "com.app/.Main", "com.app/com.other.Main"
  int32_t pid = 0;           // from app=ProcessRecord{…}; 0 when the details name no process
  std::string process;       // the process name (app=ProcessRecord, else processName=), may be empty
  bool processGone = false;  // "app=null": the record outlived its process
};

// Each record of the task histories once, in the order printed. Lines that are not records or
// their details are skipped; never throws.
std::vector<ActivityRecordLine> parseActivityRecords(std::string_view dumpsysActivities);

// How many records the process `pid` (named `process`) runs: those whose app= names the pid,
// and, for records whose details name no pid, those of the process name (from processName=, else
// the component's package when `process` is a package's main process). Records of a dead
// process do not count.
int countActivityRecordsOf(std::string_view dumpsysActivities, int32_t pid, std::string_view process);

}  // namespace mxi::core::devicetext
