// A check report for a person: the package, then each task's verdict and its largest findings
// with sizes in units, and what acting on them would save.
#pragma once

#include <cstddef>
#include <string>

#include "core/apkcheck/apk_check.h"

namespace mxi::core::apkcheck {

// `top`: findings shown per task (the rest are counted).
std::string checkReportText(const CheckReport& report, size_t top = 10);

}  // namespace mxi::core::apkcheck
