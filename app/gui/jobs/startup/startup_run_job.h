// Repeated launches of an app as a job (the Startup page's Run launches…, issue 45): core's
// runStartup on the job's thread with one progress phase per launch and Cancel, which stops the
// runs after the launch under way and hands back the runs measured so far (stoppedBy
// "cancelled"); failed() only when no launch could be tried.
#pragma once

#include <memory>

#include "app/gui/jobs/worker_job.h"
#include "core/adb/device_selection.h"
#include "core/agentlink/startup_runner.h"

namespace mxi::gui {

class StartupRunJob : public WorkerJob {
  Q_OBJECT
 public:
  StartupRunJob(core::adb::DeviceSelection device, core::agentlink::StartupRunOptions options,
                QObject* parent = nullptr);
  void start();
  const core::agentlink::StartupRunOptions& options() const { return m_options; }

 signals:
  void measured(std::shared_ptr<const mxi::core::startup::StartupReport> report);

 private:
  core::adb::DeviceSelection m_device;
  core::agentlink::StartupRunOptions m_options;
};

}  // namespace mxi::gui
