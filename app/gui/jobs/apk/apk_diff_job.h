// Comparing two builds of an app as a job: the baseline (older) package opened and diffed
// against the shown one by core/apkcheck's diffApks on the job's thread.
#pragma once

#include <QStringList>
#include <memory>

#include "app/gui/jobs/worker_job.h"
#include "core/apkcheck/apk_diff.h"

namespace mxi::gui {

class ApkDiffJob : public WorkerJob {
  Q_OBJECT
 public:
  ApkDiffJob(QStringList baseline, std::shared_ptr<const core::apkcheck::ApkPackage> shown, QObject* parent = nullptr);
  void start();

 signals:
  void diffed(std::shared_ptr<const mxi::core::apkcheck::ApkDiff> diff);

 private:
  QStringList m_baseline;
  std::shared_ptr<const core::apkcheck::ApkPackage> m_shown;
};

}  // namespace mxi::gui
