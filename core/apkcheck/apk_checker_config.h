// Matrix ApkChecker's own config file (`--config`), read so a team's existing file works
// unchanged: "--apk", "--mappingTxt", "--output", "--format", "--formatConfig" and "options",
// an array of tasks ({"name": "-fileSize", "--min": "10", …}); only the tasks listed run, with
// their parameters. Array values ("--ignoreResources": ["R.raw.*", …]) are joined with commas.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "core/apkcheck/apk_check.h"
#include "core/base/status.h"

namespace mxi::core::apkcheck {

struct ApkCheckerConfig {
  std::string apk;         // "--apk" ("" when absent)
  std::string mappingTxt;  // "--mappingTxt"
  std::string rTxt;        // the -unusedResources task's "--rTxt"
  std::string output;      // "--output" (Matrix's output path without extension)
  std::string format;      // "--format" ("mm.html,mm.json"…)
  std::vector<TaskRequest> tasks;
};

// Bad JSON is an error with its byte offset; an option name ApkChecker does not have is an
// error naming every such name.
StatusOr<ApkCheckerConfig> parseApkCheckerConfig(std::string_view text);

}  // namespace mxi::core::apkcheck
