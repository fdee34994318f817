// A check report as ApkChecker's JSON: an array with one object per task (taskType,
// taskDescription, start-time, end-time, then the task's fields as Matrix names them), so tools
// that read ApkChecker's output read ours. A task that could not read its input adds "error".
#pragma once

#include <nlohmann/json.hpp>

#include "core/apkcheck/apk_check.h"

namespace mxi::core::apkcheck {

nlohmann::ordered_json checkReportJson(const CheckReport& report);

}  // namespace mxi::core::apkcheck
