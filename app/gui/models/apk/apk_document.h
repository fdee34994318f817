// An opened app package and what `mxi apk check` found in it, as the APK page shows it: the
// package (kept open: the file tree and the table read its entries) and core's report.
#pragma once

#include <QString>
#include <memory>

#include "core/apkcheck/apk_check.h"
#include "core/apkcheck/apk_package.h"

namespace mxi::gui {

struct ApkDocument {
  QStringList paths;  // as opened: one APK, its splits, or a folder
  std::shared_ptr<const core::apkcheck::ApkPackage> package;
  core::apkcheck::CheckReport report;
  double checkSeconds = 0;

  // The task run with `option` ("-countMethod"), or null when it was not run.
  const core::apkcheck::TaskResult* task(std::string_view option) const {
    for (const auto& t : report.tasks) {
      if (t.option == option) return &t;
    }
    return nullptr;
  }
};

}  // namespace mxi::gui
