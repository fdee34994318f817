// An installed app's APKs copied from the device as a job (the live view's Check APK…):
// core/agentlink's pullApks (`pm path`, then each APK over sync, base first) into a directory,
// with its progress and Cancel, the files' paths handed back for the APK page to check.
#pragma once

#include <QString>
#include <QStringList>

#include "app/gui/jobs/worker_job.h"
#include "core/adb/device_selection.h"

namespace mxi::gui {

class ApkPullJob : public WorkerJob {
  Q_OBJECT
 public:
  ApkPullJob(core::adb::DeviceSelection device, QString package, QString directory, QObject* parent = nullptr);
  void start();

 signals:
  void pulled(const QStringList& paths);

 private:
  core::adb::DeviceSelection m_device;
  QString m_package;
  QString m_directory;
};

}  // namespace mxi::gui
