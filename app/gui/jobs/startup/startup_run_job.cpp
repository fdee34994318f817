#include "app/gui/jobs/startup/startup_run_job.h"

#include <QString>
#include <chrono>

#include "app/gui/jobs/signal_progress.h"

namespace mxi::gui {

namespace {

// The job's progress, answering false once Cancel was pressed: the runner then ends after the
// launch under way and keeps what it measured.
class CancellableProgress final : public core::ProgressSink {
 public:
  CancellableProgress(core::ProgressSink& inner, const core::CancelToken& cancel) : m_inner(inner), m_cancel(cancel) {}
  bool report(std::string_view phase, int permille) override {
    m_inner.report(phase, permille);
    return !m_cancel.isCancelled();
  }

 private:
  core::ProgressSink& m_inner;
  const core::CancelToken& m_cancel;
};

}  // namespace

StartupRunJob::StartupRunJob(core::adb::DeviceSelection device, core::agentlink::StartupRunOptions options,
                             QObject* parent)
    : WorkerJob(QString::fromStdString(options.package), parent),
      m_device(std::move(device)),
      m_options(std::move(options)) {}

void StartupRunJob::start() {
  startWork([this, device = m_device, options = m_options](core::ProgressSink& progress,
                                                           const core::CancelToken& cancel) mutable -> core::Status {
    const core::adb::IoLimits connect{std::chrono::milliseconds(10000), &cancel};
    ASSIGN_OR_RETURN(auto phone, core::adb::openSelectedDevice(device, connect));
    options.limits.cancel = &cancel;
    CancellableProgress cancellable(progress, cancel);
    ASSIGN_OR_RETURN(core::startup::StartupReport report, core::agentlink::runStartup(*phone, options, cancellable));
    auto shared = std::make_shared<const core::startup::StartupReport>(std::move(report));
    deliver([this, shared] { emit measured(shared); });
    return core::okStatus();
  });
}

}  // namespace mxi::gui
