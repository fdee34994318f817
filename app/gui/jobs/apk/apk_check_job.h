// Checking an app's package as a job: the APK (or its base and splits, or a folder of them)
// opened and every ApkChecker task run on the job's thread with its progress and Cancel, the
// result handed to the APK page as an ApkDocument.
#pragma once

#include <QStringList>
#include <memory>

#include "app/gui/jobs/worker_job.h"
#include "app/gui/models/apk/apk_document.h"

namespace mxi::gui {

class ApkCheckJob : public WorkerJob {
  Q_OBJECT
 public:
  explicit ApkCheckJob(QStringList paths, QObject* parent = nullptr);
  void start();

 signals:
  void checked(std::shared_ptr<const mxi::gui::ApkDocument> document);

 private:
  QStringList m_paths;
};

}  // namespace mxi::gui
