// A check report as one self-contained HTML page (inline CSS, no script, nothing fetched): a
// card per task with its verdict, findings and savings. Every text from the APK is escaped, so a
// file named "<script>…" shows as text.
#pragma once

#include <string>

#include "core/apkcheck/apk_check.h"

namespace mxi::core::apkcheck {

std::string checkReportHtml(const CheckReport& report);

}  // namespace mxi::core::apkcheck
