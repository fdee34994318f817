#include "app/gui/jobs/live/live_device_job.h"

#include "app/gui/settings/mapping_files.h"
#include "core/agentlink/live_recorder.h"
#include "core/live/live_handoff.h"

namespace mxi::gui {

namespace agentlink = core::agentlink;

namespace {

QString qs(const std::string& s) { return QString::fromStdString(s); }

}  // namespace

LiveDeviceJob::LiveDeviceJob(LiveTarget target, QObject* parent)
    : WorkerJob(target.label, parent), m_target(std::move(target)) {}

LiveDeviceJob::~LiveDeviceJob() {
  {
    std::lock_guard lock(m_mutex);  // a closing window does not wait for a leak analysis
    if (m_recorder != nullptr) m_recorder->cancelAnalyses();
  }
  stop();  // the worker uses this object's members
}

core::adb::IoLimits LiveDeviceJob::limits(const core::CancelToken& cancel) {
  return core::adb::IoLimits{std::chrono::milliseconds(10000), &cancel};
}

void LiveDeviceJob::listApps() {
  if (m_running) return;
  startWork([this, selection = m_target.selection](core::ProgressSink&, const core::CancelToken& cancel) {
    auto device = core::adb::openSelectedDevice(selection, limits(cancel));
    auto apps = device.ok() ? agentlink::listDeviceApps(**device, limits(cancel))
                            : core::StatusOr<std::vector<agentlink::DeviceApp>>(device.status());
    if (!apps.ok()) {
      deliver([this, why = qs(apps.status().toString())] {
        emit failed(tr("Cannot list the device's apps: %1").arg(why));
      });
      return core::okStatus();
    }
    deliver([this, list = std::move(apps).value()]() mutable {
      m_apps = std::move(list);
      emit appsListed();
    });
    return core::okStatus();
  });
}

void LiveDeviceJob::start(const QString& package, const QString& sessionPath, AppStart how) {
  if (m_running) return;
  waitForWork();  // the app list, when it is still coming
  m_session = std::make_shared<core::live::LiveSession>(m_target.thresholds);
  m_appliedRecords = 0;
  m_running = true;
  startWork([this, package = package.toStdString(), path = sessionPath.toStdString(), how, leakWatch = m_leakWatch,
             session = m_session](core::ProgressSink&, const core::CancelToken& cancel) {
    record(package, path, how, leakWatch, session, cancel);
    return core::okStatus();
  });
}

void LiveDeviceJob::mark(const QString& label) {
  std::lock_guard lock(m_mutex);
  if (m_recorder != nullptr) m_recorder->mark(label.toStdString());
}

void LiveDeviceJob::dumpHeap(const QString& path) {
  std::lock_guard lock(m_mutex);
  if (m_recorder == nullptr) return;
  // Bitmap pixels as PNG where the phone can add them (SDK 35+; the agent leaves it out
  // elsewhere), so the bitmap gallery has pictures.
  const uint32_t flags = core::protocol::bitmapFormatFlags(core::protocol::BitmapFormat::kPng);
  m_recorder->requestHeapDump({path.toStdString(), 0, flags, "requested from the live view", std::nullopt});
}

void LiveDeviceJob::dumpLeak(const QString& path, const QString& activity) {
  std::lock_guard lock(m_mutex);
  if (m_recorder == nullptr) return;
  const uint32_t flags =
      core::protocol::kHeapDumpGcFirst | core::protocol::bitmapFormatFlags(core::protocol::BitmapFormat::kPng);
  m_recorder->requestHeapDump(
      {path.toStdString(), 0, flags, "Dump & analyse of the leak of " + activity.toStdString(), std::nullopt});
}

void LiveDeviceJob::traceMethods(const QString& path, const core::agentlink::MethodTraceOrder& order) {
  std::lock_guard lock(m_mutex);
  if (m_recorder == nullptr) return;
  m_recorder->requestMethodTrace(path.toStdString(), order);
}

void LiveDeviceJob::record(const std::string& package, const std::string& sessionPath, AppStart how,
                           core::protocol::LeakWatchMode leakWatch,
                           const std::shared_ptr<core::live::LiveSession>& session, const core::CancelToken& cancel) {
  // The dashboard's sink: records decoded here, on the worker; the updates applied to `session`
  // on the UI thread, in batches (everything that arrived since the last one).
  std::weak_ptr<core::live::LiveHandoff> self;
  auto handoff = std::make_shared<core::live::LiveHandoff>([this, &self, session] {
    deliver([this, session, handoff = self.lock()] {
      core::live::LiveBatch batch = handoff->take();
      m_appliedRecords += session == m_session ? batch.records : 0;
      session->apply(std::move(batch));
    });
  });
  self = handoff;
  auto finish = [&](const core::Status& s) {
    deliver([this, path = qs(sessionPath), error = s.ok() ? QString() : qs(s.toString())] {
      m_running = false;
      emit finished(path, error);
    });
  };
  if (const AppMapping* files = findAppMapping(m_target.mappings, package)) {
    auto mapping = loadMappingFiles(*files);
    if (!mapping.ok()) {
      deliver(
          [this, why = qs(mapping.status().toString())] { emit status(tr("Method mapping not used: %1").arg(why)); });
    } else {
      handoff->setMapping(*mapping);
    }
  }
  deliver([this] { emit status(tr("Connecting to the device…")); });
  auto device = core::adb::openSelectedDevice(m_target.selection, limits(cancel));
  if (!device.ok()) return finish(device.status());
  auto check = agentlink::prepareApp(
      **device, package, how, limits(cancel),
      [this, p = qs(package)](const std::string&) { deliver([this, p] { emit status(tr("Launching %1…").arg(p)); }); });
  if (!check.ok()) return finish(check.status());
  const bool installed = check->presence != agentlink::AppPresence::kNotInstalled;
  if (!installed || (check->presence == agentlink::AppPresence::kNotRunning && how == AppStart::kRefuse)) {
    const std::string message =
        installed ? agentlink::notRunningMessage(package) : agentlink::notInstalledMessage(package, check->similar);
    deliver([this, p = qs(package), m = qs(message), installed] {
      m_running = false;
      emit appUnavailable(p, m, installed);
    });
    return;
  }
  const agentlink::AgentSearch search = m_target.agentSearch;
  agentlink::DeviceAgent agent(std::move(device).value(), limits(cancel),
                               [search](const std::string& abi) { return agentlink::findInstalledAgent(abi, search); });
  deliver([this] { emit status(tr("Deploying mxi-agent…")); });
  core::NullProgress quiet;
  auto deployment = agent.deploy(false, quiet);
  if (!deployment.ok()) return finish(deployment.status());
  deliver([this, d = *deployment] {
    emit deployed(tr("mxi-agent %1 (%2) on %3, SDK %4 — %5")
                      .arg(qs(d.agent.version), qs(d.agent.buildHash), qs(d.probe.abi))
                      .arg(d.probe.sdk)
                      .arg(d.pushed ? tr("pushed") : tr("already up to date")));
  });

  agentlink::RecordOptions options;
  options.packageName = package;
  options.sessionPath = sessionPath;
  options.pollIntervalMs = 500;
  options.leakWatch = leakWatch;  // memory every second, the default
  options.leakCheckIntervalMs = m_target.leakCheckIntervalMs;
  options.leakChecks = m_target.leakChecks;
  options.sqlSlowMs = m_target.sqlSlowMs;
  agentlink::LiveRecorder recorder(
      options, [&](core::protocol::AgentHello& hello) { return agent.startAndConnect(hello, cancel); },
      // The figures are the dashboard's model's (session()), not a summary line.
      [](const agentlink::RecordStats&) {},
      [this](const std::string& notice) { deliver([this, text = qs(notice)] { emit status(text); }); });
  recorder.addSink(*handoff);
  recorder.setConnectionObserver(
      [this](bool connected, const core::protocol::AgentHello& hello, const std::string& why) {
        const QString detail =
            connected ? tr("%1 · %2 · agent %3").arg(qs(hello.deviceModel), qs(hello.abi), qs(hello.agentVersion))
                      : qs(why);
        deliver([this, connected, detail] { emit connectionChanged(connected, detail); });
      });
  recorder.setAppObserver([this](int32_t pid, const std::string& what) {
    deliver([this, pid, text = qs(what)] { emit appChanged(pid, text); });
  });
  recorder.setHeapDumpObserver([this](const agentlink::HeapDumpProgress& p) {
    if (!p.finished) {
      deliver([this, r = static_cast<qint64>(p.receivedBytes), t = static_cast<qint64>(p.totalBytes)] {
        emit heapDumpProgress(r, t);
      });
      return;
    }
    if (p.methodTrace) {
      deliver([this, path = qs(p.path), issues = static_cast<int>(p.traceIssues),
               error = p.result.ok() ? QString() : qs(p.result.toString())] {
        emit methodTraceFinished(path, issues, error);
      });
      return;
    }
    if (p.leakWatch) {  // auto mode's own dump: its verdict names the zip it becomes
      deliver([this, error = p.result.ok() ? QString() : qs(p.result.toString())] { emit leakDumpTaken(error); });
      return;
    }
    deliver([this, path = qs(p.path), error = p.result.ok() ? QString() : qs(p.result.toString())] {
      emit heapDumpFinished(path, error);
    });
  });
  recorder.setLeakObserver([this](const agentlink::LeakVerdictNotice& leak) {
    QString text = tr("Leak: %1 (pid %2) was destroyed and is still in the heap after the GC-forced checks")
                       .arg(qs(leak.activity))
                       .arg(leak.pid);
    if (leak.mode == core::protocol::LeakWatchMode::kAuto) {
      text += leak.chainFound ? tr("; its leak chain is in the issue, the dump kept as %1").arg(qs(leak.zipPath))
                              : tr("; no chain: %1").arg(qs(leak.detail));
    } else if (leak.mode == core::protocol::LeakWatchMode::kManual) {
      text += tr("; select the issue and press Dump & analyse");
    }
    deliver([this, text] { emit status(text); });
  });
  {
    std::lock_guard lock(m_mutex);
    m_recorder = &recorder;
  }
  const core::Status result = recorder.run(cancel);
  {
    std::lock_guard lock(m_mutex);
    m_recorder = nullptr;
  }
  agent.stopAgent();
  // A recording that captured nothing was not kept: say why instead of offering a session.
  if (recorder.stats().discarded)
    return finish(core::invalidInput(agentlink::describeNothingRecorded(recorder.stats(), options)));
  finish(result.code() == core::StatusCode::kCancelled ? core::okStatus() : result);
}

}  // namespace mxi::gui
