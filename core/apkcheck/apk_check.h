// `mxi apk check`'s work: the requested tasks (all of Matrix's, with its defaults, when none
// is named) run on one app's package, each reporting its own error so one unreadable part
// never hides the rest.
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "core/apkcheck/apk_manifest.h"
#include "core/apkcheck/apk_package.h"
#include "core/apkcheck/task_params.h"
#include "core/apkcheck/task_result.h"
#include "core/base/cancel_token.h"
#include "core/base/progress.h"
#include "core/mapping/r8_mapping.h"

namespace mxi::core::apkcheck {

struct TaskRequest {
  std::string option;  // "-fileSize"
  TaskParams params;
};

struct CheckOptions {
  std::vector<TaskRequest> tasks;  // empty: every task with ApkChecker's defaults
  std::shared_ptr<const mapping::R8Mapping> mapping;
  std::string rTxtPath;
};

struct CheckReport {
  std::string package;  // ApkPackage::label()
  uint64_t fileSize = 0;
  std::optional<ApkManifest> manifest;
  std::vector<TaskResult> tasks;  // in the order requested
  bool cancelled = false;
  // Whether any task could not read part of its input.
  bool partial() const;
};

// An unknown task name is an error naming it (nothing runs).
StatusOr<CheckReport> runApkCheck(const ApkPackage& package, const CheckOptions& options, ProgressSink& progress,
                                  const CancelToken& cancel);

}  // namespace mxi::core::apkcheck
