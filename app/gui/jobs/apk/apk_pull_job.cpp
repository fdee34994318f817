#include "app/gui/jobs/apk/apk_pull_job.h"

#include <chrono>

#include "core/agentlink/app_apks.h"

namespace mxi::gui {

ApkPullJob::ApkPullJob(core::adb::DeviceSelection device, QString package, QString directory, QObject* parent)
    : WorkerJob(package, parent),
      m_device(std::move(device)),
      m_package(std::move(package)),
      m_directory(std::move(directory)) {}

void ApkPullJob::start() {
  startWork([this, device = m_device, package = m_package.toStdString(), directory = m_directory.toStdString()](
                core::ProgressSink& progress, const core::CancelToken& cancel) -> core::Status {
    const core::adb::IoLimits limits{std::chrono::milliseconds(10000), &cancel};
    ASSIGN_OR_RETURN(auto phone, core::adb::openSelectedDevice(device, limits));
    ASSIGN_OR_RETURN(auto files, core::agentlink::pullApks(*phone, package, directory, progress, limits));
    if (cancel.isCancelled()) return core::cancelled();
    QStringList paths;
    for (const auto& f : files) paths << QString::fromStdString(f.localPath);
    deliver([this, paths] { emit pulled(paths); });
    return core::okStatus();
  });
}

}  // namespace mxi::gui
