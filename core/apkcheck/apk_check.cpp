#include "core/apkcheck/apk_check.h"

#include "core/apkcheck/apk_inputs.h"
#include "core/apkcheck/task_catalog.h"

namespace mxi::core::apkcheck {

bool CheckReport::partial() const {
  for (const TaskResult& t : tasks) {
    if (!t.error.empty()) return true;
  }
  return false;
}

StatusOr<CheckReport> runApkCheck(const ApkPackage& package, const CheckOptions& options, ProgressSink& progress,
                                  const CancelToken& cancel) {
  std::vector<std::pair<const TaskSpec*, TaskParams>> plan;
  if (options.tasks.empty()) {
    for (const TaskSpec& spec : taskCatalog()) plan.push_back({&spec, {}});
  } else {
    std::string unknown;
    for (const TaskRequest& request : options.tasks) {
      const TaskSpec* spec = findTask(request.option);
      if (!spec) unknown += (unknown.empty() ? "" : ", ") + request.option;
      plan.push_back({spec, request.params});
    }
    if (!unknown.empty()) return invalidInput("unknown ApkChecker task: " + unknown);
  }
  CheckReport report;
  report.package = package.label();
  report.fileSize = package.fileSize();
  progress.report("reading the package", 0);
  ApkInputs in = loadInputs(package);
  in.mapping = options.mapping;
  in.rTxtPath = options.rTxtPath;
  if (in.manifest.ok()) {
    report.manifest = readManifest(*in.manifest, in.resources.ok() ? &*in.resources : nullptr);
  }
  for (size_t i = 0; i < plan.size(); ++i) {
    if (cancel.isCancelled() || !progress.report(plan[i].first->option, int(100 + 900 * i / plan.size()))) {
      report.cancelled = true;
      break;
    }
    report.tasks.push_back(runTask(*plan[i].first, in, plan[i].second));
  }
  progress.report("done", 1000);
  return report;
}

}  // namespace mxi::core::apkcheck
