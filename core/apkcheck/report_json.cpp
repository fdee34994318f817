#include "core/apkcheck/report_json.h"

namespace mxi::core::apkcheck {

nlohmann::ordered_json checkReportJson(const CheckReport& report) {
  nlohmann::ordered_json tasks = nlohmann::ordered_json::array();
  for (const TaskResult& t : report.tasks) {
    nlohmann::ordered_json task;
    task["taskType"] = t.taskType;
    task["taskDescription"] = t.description;
    task["start-time"] = t.startMs;
    task["end-time"] = t.endMs;
    for (const auto& [key, value] : t.fields.items()) task[key] = value;
    if (!t.error.empty()) task["error"] = t.error;
    tasks.push_back(std::move(task));
  }
  return tasks;
}

}  // namespace mxi::core::apkcheck
