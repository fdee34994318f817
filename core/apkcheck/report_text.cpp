#include "core/apkcheck/report_text.h"

#include "core/base/byte_units.h"

namespace mxi::core::apkcheck {

std::string checkReportText(const CheckReport& report, size_t top) {
  std::string out = "package " + report.package + " (" + bytesText(report.fileSize) + ")\n";
  if (report.manifest) {
    const ApkManifest& m = *report.manifest;
    out += "  " + m.package + " versionCode " + (m.versionCode ? std::to_string(*m.versionCode) : "?") +
           " versionName " + (m.versionName.empty() ? "?" : m.versionName) + "\n";
  }
  uint64_t savable = 0;
  for (const TaskResult& t : report.tasks) {
    out += "\n" + t.option + " (task " + std::to_string(t.taskType) +
           "): " + (t.verdict.empty() ? std::string("not run") : t.verdict) + "\n";
    if (!t.error.empty()) out += "  error: " + t.error + "\n";
    for (size_t i = 0; i < t.findings.size() && i < top; ++i) {
      const TaskFinding& f = t.findings[i];
      // A finding without a size (a permission, a component) shows none.
      const std::string amount = !t.countUnit.empty()         ? std::to_string(f.bytes) + " " + t.countUnit + "  "
                                 : f.bytes || t.taskType != 2 ? bytesText(f.bytes) + "  "
                                                              : std::string();
      out += "  " + amount + f.subject + (f.detail.empty() ? "" : "  (" + f.detail + ")") + "\n";
    }
    if (t.findings.size() > top) out += "  … and " + std::to_string(t.findings.size() - top) + " more\n";
    if (t.savableBytes) out += "  would save " + bytesText(t.savableBytes) + "\n";
    savable += t.savableBytes;
  }
  if (report.cancelled) out += "\ncancelled: the tasks above ran, the rest did not\n";
  out += "\nsavable in all: " + bytesText(savable) + "\n";
  return out;
}

}  // namespace mxi::core::apkcheck
