// The live half of the GUI for one device, a long-running job (WorkerJob): lists its apps, then
// checks that the chosen app is installed and runs (core/agentlink/app_presence.h: the rules
// `mxi record` follows — an app that does not run is refused, waited for or launched), deploys
// and starts mxi-agent and records it with core's LiveRecorder until cancelled — every session
// is written to a `.mxs` file, unless it captured nothing. The job owns the recording's one live
// model (session()): the recorder's stream reaches it through a core LiveHandoff sink, which
// decodes the records on the worker and hands the updates over in batches, applied on the UI
// thread where the dashboard reads the model. The app's memory is sampled every second and its
// destroyed Activities watched for leaks in the chosen mode. Mark and Dump heap go to the running recorder;
// results come back as queued signals. cancel() ends a recording (finished() follows, after the
// last batch).
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
#include "core/live/live_session.h"

namespace mxi::core::agentlink {
class LiveRecorder;
}

namespace mxi::gui {

struct LiveTarget {
  core::adb::DeviceSelection selection;
  QString label;  // "serial — model", shown in the view
  core::agentlink::AgentSearch agentSearch;
  core::live::LiveThresholds thresholds;  // Settings: what the dashboard judges by
  QList<AppMapping> mappings;             // Settings: methodMapping / ProGuard files per app
  // Settings: the leak watch's mode the view starts with (the user may pick another per recording).
  core::protocol::LeakWatchMode leakWatch = core::protocol::LeakWatchMode::kReport;
  uint32_t leakCheckIntervalMs = 0, leakChecks = 0;               // 0: the agent's defaults (docs/LEAKS.md)
  int64_t sqlSlowMs = core::sqlitelint::kDefaultSlowStatementMs;  // Settings: a slow statement's issue
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
  // The leak watch of the next start() (docs/LEAKS.md; default report).
  void setLeakWatch(core::protocol::LeakWatchMode mode) { m_leakWatch = mode; }
  core::protocol::LeakWatchMode leakWatch() const { return m_leakWatch; }
  bool running() const { return m_running; }
  void mark(const QString& label);
  void dumpHeap(const QString& path);
  // Dump & analyse of a leak verdict: a heap dump with GC first (what Matrix's MANUAL_DUMP takes).
  void dumpLeak(const QString& path, const QString& activity);
  // Traces the app's methods (ART's tracer) into `path`; the issues judged from it join the
  // recording like the app's own Matrix issues. Progress and the end as for a heap dump.
  void traceMethods(const QString& path, const core::agentlink::MethodTraceOrder& order);
  // The live model of the recording start() began (fresh for each; null before the first): what
  // the dashboard shows. UI thread only; it changes as batches arrive (its revision() moves).
  const std::shared_ptr<core::live::LiveSession>& session() const { return m_session; }
  // Records that reached session() so far (each once). UI thread.
  uint64_t appliedRecords() const { return m_appliedRecords; }

 signals:
  void appsListed();
  void status(const QString& text);  // deployment steps, notices
  void deployed(const QString& agentDescription);
  void connectionChanged(bool connected, const QString& detail);
  void heapDumpProgress(qint64 receivedBytes, qint64 totalBytes);
  void heapDumpFinished(const QString& path, const QString& error);  // error empty on success
  // The leak watch's own dump (auto mode) arrived or failed; it is analysed by the recorder, and the
  // leak issue that follows names the zip it became.
  void leakDumpTaken(const QString& error);
  void methodTraceFinished(const QString& path, int issues, const QString& error);
  void finished(const QString& sessionPath, const QString& error);
  // start() recorded nothing: the app is not installed (`message` names the closest installed
  // packages), or not running with AppStart::kRefuse (`installed`: Wait or Launch may follow).
  void appUnavailable(const QString& package, const QString& message, bool installed);
  // The app's process during a recording (LiveRecorder::setAppObserver): pid 0 when it does not
  // run (waiting for it, or it died), else the pid it (re)started as; `what` says which.
  void appChanged(int pid, const QString& what);

 private:
  // On the worker.
  void record(const std::string& package, const std::string& sessionPath, AppStart how,
              core::protocol::LeakWatchMode leakWatch, const std::shared_ptr<core::live::LiveSession>& session,
              const core::CancelToken& cancel);
  static core::adb::IoLimits limits(const core::CancelToken& cancel);

  LiveTarget m_target;
  std::vector<core::agentlink::DeviceApp> m_apps;
  bool m_running = false;
  core::protocol::LeakWatchMode m_leakWatch = core::protocol::LeakWatchMode::kReport;
  std::shared_ptr<core::live::LiveSession> m_session;
  uint64_t m_appliedRecords = 0;
  std::mutex m_mutex;  // guards m_recorder
  core::agentlink::LiveRecorder* m_recorder = nullptr;
};

}  // namespace mxi::gui
