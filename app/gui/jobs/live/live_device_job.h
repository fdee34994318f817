// The live half of the GUI for one device, a long-running job (WorkerJob): lists its apps, then
// checks that the chosen app is installed and runs (core/agentlink/app_presence.h: the rules
// `mxi record` follows — an app that does not run is refused, waited for or launched), deploys
// and starts mxi-agent and records it with core's LiveRecorder until cancelled — every session
// is written to a `.mxs` file, unless it captured nothing — while the UI drains the records it
// receives (takeRecords) on its repaint timer. Mark and Dump heap go to the running recorder;
// results come back as queued signals. cancel() ends a recording (finished() follows).
#pragma once

#include <memory>
#include <mutex>
#include <vector>

#include <QString>

#include "app/gui/jobs/worker_job.h"
#include "app/gui/settings/settings.h"
#include "core/adb/device_selection.h"
#include "core/agentlink/app_presence.h"
#include "core/agentlink/device_agent.h"
#include "core/agentlink/device_apps.h"
#include "core/agentlink/live_recorder.h"
#include "core/base/cancel_token.h"
#include "core/session/session_format.h"

namespace mxi::core::agentlink {
class LiveRecorder;
}

namespace mxi::gui {

struct LiveTarget {
  core::adb::DeviceSelection selection;
  QString label;  // "serial — model", shown in the view
  core::agentlink::AgentSearch agentSearch;
  core::session::LiveThresholds thresholds;  // Settings: what the dashboard judges by
  QList<AppMapping> mappings;                // Settings: methodMapping / ProGuard files per app
};

class LiveDeviceJob : public WorkerJob {
  Q_OBJECT
 public:
  explicit LiveDeviceJob(LiveTarget target, QObject* parent = nullptr);
  ~LiveDeviceJob() override;  // stop(): a recording ends and its file is completed

  const LiveTarget& target() const { return m_target; }
  // Asynchronous: appsListed() or failed(). Not while recording.
  void listApps();
  const std::vector<core::agentlink::DeviceApp>& apps() const { return m_apps; }
  // What start() does when the app is installed but not running (the rule `mxi record` follows).
  using AppStart = core::agentlink::WhenNotRunning;
  // Asynchronous: deployed(), connectionChanged()… then finished(); or appUnavailable() alone.
  void start(const QString& package, const QString& sessionPath, AppStart how = AppStart::kRefuse);
  bool running() const { return m_running; }
  void mark(const QString& label);
  void dumpHeap(const QString& path);
  // Traces the app's methods (ART's tracer) into `path`; the issues judged from it join the
  // recording like the app's own Matrix issues. Progress and the end as for a heap dump.
  void traceMethods(const QString& path, const core::agentlink::MethodTraceOrder& order);
  // Records written since the last call, oldest first. Thread-safe.
  std::vector<core::session::SessionRecord> takeRecords();
  // The recording's start on the device's monotonic clock (the first agent's hello), 0 until
  // known or from an agent that does not say. Thread-safe.
  int64_t recordingStartNs();

 signals:
  void appsListed();
  void status(const QString& text);  // deployment steps, notices
  void deployed(const QString& agentDescription);
  void connectionChanged(bool connected, const QString& detail);
  void heapDumpProgress(qint64 receivedBytes, qint64 totalBytes);
  void heapDumpFinished(const QString& path, const QString& error);  // error empty on success
  void methodTraceFinished(const QString& path, int issues, const QString& error);
  void finished(const QString& sessionPath, const QString& error);
  // start() recorded nothing: the app is not installed (`message` names the closest installed
  // packages), or not running with AppStart::kRefuse (`installed`: Wait or Launch may follow).
  void appUnavailable(const QString& package, const QString& message, bool installed);
  // The app's process during a recording (LiveRecorder::setAppObserver): pid 0 when it does not
  // run (waiting for it, or it died), else the pid it (re)started as; `what` says which.
  void appChanged(int pid, const QString& what);
  // The app's method mapping (Settings), loaded before recording starts; null without one.
  void mappingLoaded(std::shared_ptr<const core::matrix::MethodMapping> mapping);

 private:
  // On the worker.
  void record(const std::string& package, const std::string& sessionPath, AppStart how,
              const core::CancelToken& cancel);
  static core::adb::IoLimits limits(const core::CancelToken& cancel);

  LiveTarget m_target;
  std::vector<core::agentlink::DeviceApp> m_apps;
  bool m_running = false;
  std::mutex m_mutex;  // guards the three below
  std::vector<core::session::SessionRecord> m_records;
  int64_t m_startNs = 0;
  core::agentlink::LiveRecorder* m_recorder = nullptr;
};

}  // namespace mxi::gui
