// Matrix ApkChecker's tasks by number and option name, with the description Matrix writes
// into its JSON and the parameters each reads (docs/APK.md "Tasks").
#pragma once

#include <string_view>
#include <vector>

#include "core/apkcheck/apk_tasks.h"

namespace mxi::core::apkcheck {

struct TaskSpec {
  int type = 0;                          // TaskFactory.TASK_TYPE_*
  std::string_view option;               // "-fileSize"
  std::string_view description;          // TaskFactory.TaskDescription[type]
  std::vector<std::string_view> params;  // the parameters it reads ("--min", "--order", "--suffix")
  void (*run)(const ApkInputs&, const TaskParams&, TaskResult&) = nullptr;
};

// In task-number order: unzip (1) … countClass (15).
const std::vector<TaskSpec>& taskCatalog();
// By option name ("-fileSize"); nullptr when ApkChecker has no such task.
const TaskSpec* findTask(std::string_view option);

// Runs `spec` on `in`: times it (start-time, end-time) and stamps its number and description.
TaskResult runTask(const TaskSpec& spec, const ApkInputs& in, const TaskParams& params);

}  // namespace mxi::core::apkcheck
