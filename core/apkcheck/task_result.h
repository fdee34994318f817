// One task's outcome: Matrix's task number and description, when it ran, the fields Matrix's
// JSON names (so tools reading ApkChecker's output read ours), and for people the verdict, the
// findings with the bytes each would save, or the error that stopped the task.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

namespace mxi::core::apkcheck {

struct TaskFinding {
  std::string subject;  // an entry path, a library, a class or package, a group's MD5
  uint64_t bytes = 0;   // what it costs in bytes, or a count (see TaskResult::countUnit)
  std::string detail;   // the rest a person reads: "3 copies", "colour type 2, no tRNS"
};

struct TaskResult {
  int taskType = 0;         // Matrix's TaskFactory number, 1 (unzip) … 15 (class count)
  std::string option;       // "-fileSize"
  std::string description;  // Matrix's TaskDescription text
  int64_t startMs = 0;      // wall clock, milliseconds since the epoch
  int64_t endMs = 0;
  nlohmann::ordered_json fields = nlohmann::ordered_json::object();  // Matrix's fields, in its order
  std::string verdict;                                               // one line: "7 ABI folders: …"
  std::vector<TaskFinding> findings;                                 // the largest first
  std::string countUnit;      // empty: findings' numbers are bytes; else what they count ("methods")
  uint64_t savableBytes = 0;  // what acting on the findings would save (0 where it means nothing)
  std::string error;          // non-empty: the task could not run ("classes2.dex: … (at byte offset N)")
};

// Wall-clock milliseconds since the epoch, as Matrix's start-time and end-time.
int64_t nowMs();

}  // namespace mxi::core::apkcheck
