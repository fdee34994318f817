#include "app/gui/views/live/live_device_view.h"

#include <QComboBox>
#include <QDateTime>
#include <QDir>
#include <QFileInfo>
#include <QHBoxLayout>
#include <QInputDialog>
#include <QLabel>
#include <QProgressBar>
#include <QPushButton>
#include <QStandardPaths>
#include <QTimer>
#include <QVBoxLayout>

#include "app/gui/jobs/live/demo_device.h"
#include "app/gui/views/live/method_trace_dialog.h"
#include "app/gui/views/session/issue_detail_view.h"
#include "app/gui/views/session/live_dashboard.h"

namespace mxi::gui {

LiveDeviceView::LiveDeviceView(LiveTarget target, std::unique_ptr<DemoDevice> demo, QWidget* parent)
    : QWidget(parent), m_demo(std::move(demo)), m_job(new LiveDeviceJob(std::move(target), this)) {
  m_layout = new QVBoxLayout(this);
  auto* title = new QLabel(
      tr("<b>%1</b>%2")
          .arg(m_job->target().label.toHtmlEscaped(), m_demo ? tr(" — simulated phone, no device needed") : QString()));
  auto* bar = new QHBoxLayout;
  m_apps = new QComboBox;
  m_apps->setEditable(true);  // a package not listed (yet) can be typed
  m_apps->setMinimumContentsLength(36);
  m_apps->setToolTip(tr("The app to profile: running apps first, the one in front on top"));
  m_refresh = new QPushButton(tr("Refresh apps"));
  m_start = new QPushButton(tr("Start"));
  m_start->setToolTip(tr("Deploy mxi-agent, stream frames and issues, and record the session to a .mxs file"));
  m_stop = new QPushButton(tr("Stop"));
  m_mark = new QPushButton(tr("Mark…"));
  m_mark->setToolTip(tr("Annotate this moment in the recording"));
  m_dump = new QPushButton(tr("Dump heap"));
  m_dump->setToolTip(tr("Take a heap dump of the app and open it in the heap browser when it arrives"));
  m_trace = new QPushButton(tr("Trace methods…"));
  m_trace->setObjectName(QStringLiteral("traceMethods"));
  m_trace->setToolTip(
      tr("Trace the app's methods with ART's own tracer (a debuggable app; profileable on Android "
         "10+): slow main-thread dispatches, startup and main-thread IO join the issues, no SDK needed"));
  m_leakWatch = new QComboBox;
  m_leakWatch->setObjectName(QStringLiteral("leakWatch"));
  for (const char* mode : {"off", "report", "manual", "auto"}) m_leakWatch->addItem(QString::fromLatin1(mode));
  m_leakWatch->setCurrentText(QString::fromLatin1(core::protocol::leakWatchModeName(m_job->target().leakWatch)));
  m_job->setLeakWatch(m_job->target().leakWatch);
  m_leakWatch->setToolTip(
      tr("Activity leak watch (Matrix ResourceCanary's dump modes, without the SDK): off; report — a destroyed "
         "Activity that survives the GC-forced checks is a leak issue; manual — the issue offers Dump & analyse; "
         "auto — dumped with GC and analysed here, the issue gets the leak chain"));
  m_dumpProgress = new QProgressBar;
  m_dumpProgress->setRange(0, 1000);
  m_dumpProgress->setMaximumWidth(180);
  m_dumpProgress->hide();
  bar->addWidget(new QLabel(tr("App:")));
  bar->addWidget(m_apps, 1);
  bar->addWidget(new QLabel(tr("Leak watch:")));
  bar->addWidget(m_leakWatch);
  for (QWidget* w : {static_cast<QWidget*>(m_refresh), static_cast<QWidget*>(m_start), static_cast<QWidget*>(m_stop),
                     static_cast<QWidget*>(m_mark), static_cast<QWidget*>(m_dump), static_cast<QWidget*>(m_trace),
                     static_cast<QWidget*>(m_dumpProgress)}) {
    bar->addWidget(w);
  }
  m_agent = new QLabel;
  m_agent->setTextInteractionFlags(Qt::TextSelectableByMouse);
  m_status = new QLabel(tr("Listing the device's apps…"));
  m_status->setTextInteractionFlags(Qt::TextSelectableByMouse);
  m_banner = new QLabel;
  m_banner->setWordWrap(true);
  m_banner->hide();
  m_appBanner = new QWidget;
  m_appBanner->setObjectName(QStringLiteral("appBanner"));
  m_appBanner->setStyleSheet(QStringLiteral("#appBanner { background: #ffb300; } QLabel { color: black; }"));
  auto* appBar = new QHBoxLayout(m_appBanner);
  m_appBannerText = new QLabel;
  m_appBannerText->setWordWrap(true);
  m_appBannerText->setTextInteractionFlags(Qt::TextSelectableByMouse);
  m_waitForApp = new QPushButton(tr("Wait for it"));
  m_waitForApp->setObjectName(QStringLiteral("waitForApp"));
  m_waitForApp->setToolTip(tr("Record from when the app starts"));
  m_launchApp = new QPushButton(tr("Launch it"));
  m_launchApp->setObjectName(QStringLiteral("launchApp"));
  m_launchApp->setToolTip(tr("Start the app (its launcher activity, as tapping its icon does) and record it"));
  appBar->addWidget(m_appBannerText, 1);
  appBar->addWidget(m_waitForApp);
  appBar->addWidget(m_launchApp);
  m_appBanner->hide();
  m_layout->addWidget(title);
  m_layout->addLayout(bar);
  m_layout->addWidget(m_agent);
  m_layout->addWidget(m_status);
  m_layout->addWidget(m_banner);
  m_layout->addWidget(m_appBanner);
  m_layout->addStretch(1);

  connect(m_refresh, &QPushButton::clicked, this, &LiveDeviceView::refreshApps);
  connect(m_start, &QPushButton::clicked, this, [this] { start(); });
  connect(m_waitForApp, &QPushButton::clicked, this, [this] { start(LiveDeviceJob::AppStart::kWait); });
  connect(m_launchApp, &QPushButton::clicked, this, [this] { start(LiveDeviceJob::AppStart::kLaunch); });
  connect(m_stop, &QPushButton::clicked, this, &LiveDeviceView::stop);
  connect(m_mark, &QPushButton::clicked, this, [this] {
    bool ok = false;
    const QString label = QInputDialog::getText(this, tr("Mark"), tr("What happens now?"), QLineEdit::Normal,
                                                tr("Mark %1").arg(m_marks + 1), &ok);
    if (ok) mark(label);
  });
  connect(m_dump, &QPushButton::clicked, this, &LiveDeviceView::dumpHeap);
  connect(m_trace, &QPushButton::clicked, this, &LiveDeviceView::chooseMethodTrace);
  connect(m_apps, &QComboBox::editTextChanged, this, &LiveDeviceView::updateButtons);
  connect(m_leakWatch, &QComboBox::currentTextChanged, this, [this](const QString& mode) {
    if (const auto chosen = core::agentlink::parseLeakWatchMode(mode.toStdString())) m_job->setLeakWatch(*chosen);
    emit leakWatchChosen(mode);
  });

  connect(m_job, &LiveDeviceJob::appsListed, this, [this] {
    const QString typed = m_apps->currentText();
    m_apps->clear();
    for (const auto& app : m_job->apps()) {
      const QString name = QString::fromStdString(app.package);
      const QString pid = app.pid > 0 ? tr(", pid %1").arg(app.pid) : QString();
      const QString note = app.foreground ? tr("in front%1").arg(pid)
                           : app.running  ? tr("running%1").arg(pid)
                                          : QString();
      m_apps->addItem(note.isEmpty() ? name : tr("%1  (%2)").arg(name, note), name);
    }
    if (!typed.isEmpty() && m_apps->findData(typed) < 0) m_apps->setEditText(typed);
    m_status->setText(tr("%n app(s) on the device. Pick one and press Start.", nullptr, m_apps->count()));
    updateButtons();
    emit appsReady();
  });
  connect(m_job, &LiveDeviceJob::failed, this, [this](const QString& message) {
    m_status->setText(message);
    emit failed(message);
  });
  connect(m_job, &LiveDeviceJob::status, m_status, &QLabel::setText);
  connect(m_job, &LiveDeviceJob::deployed, m_agent, &QLabel::setText);
  connect(m_job, &LiveDeviceJob::connectionChanged, this, [this](bool connected, const QString& detail) {
    const bool first = connected && !m_everConnected;
    m_everConnected |= connected;
    m_connected = connected;
    if (connected) {
      m_status->setText(tr("Recording to %1 — %2").arg(m_sessionPath, detail));
      if (first) emit started();
      if (m_lostAt.isValid()) {
        // Say that there was a gap, in amber, for a while.
        const double gap = static_cast<double>(m_lostAt.msecsTo(QDateTime::currentDateTime())) / 1000.0;
        showBanner(tr("The connection was lost at %1 and resumed after %2 s; everything recorded before is kept in %3.")
                       .arg(m_lostAt.toString(QStringLiteral("HH:mm:ss")))
                       .arg(gap, 0, 'f', 1)
                       .arg(m_sessionPath),
                   false);
        m_lostAt = QDateTime();
        hideBannerLater();
      } else {
        m_banner->hide();
      }
    } else {
      ++m_losses;
      m_lostAt = QDateTime::currentDateTime();
      showBanner(tr("Device connection lost — everything recorded so far is kept in %1; reconnecting when the "
                    "device and its agent are back. (%2)")
                     .arg(m_sessionPath, detail),
                 true);
    }
    updateButtons();
  });
  connect(m_job, &LiveDeviceJob::appUnavailable, this,
          [this](const QString& package, const QString& message, bool installed) {
            m_appBannerText->setText(installed ? tr("%1. Wait for it to start, or launch it?").arg(message)
                                               : tr("Cannot record: %1.").arg(message));
            m_waitForApp->setVisible(installed);
            m_launchApp->setVisible(installed);
            m_appBanner->show();
            m_status->setText(installed ? tr("%1 does not run; nothing is being recorded.").arg(package)
                                        : tr("Nothing is being recorded."));
            updateButtons();
            emit appUnavailable(message);
          });
  connect(m_job, &LiveDeviceJob::appChanged, this, [this](int pid, const QString& what) {
    if (pid != 0) {
      showBanner(tr("%1; recording it into %2.").arg(what, m_sessionPath), false);
      hideBannerLater();
    } else if (m_everConnected && what.startsWith(QStringLiteral("app process died"))) {
      showBanner(tr("The %1 at %2; everything recorded so far is kept in %3, and recording goes on when it restarts.")
                     .arg(what, QDateTime::currentDateTime().toString(QStringLiteral("HH:mm:ss")), m_sessionPath),
                 true);
    } else {
      showBanner(tr("%1; recording begins when it does.").arg(what), false);
    }
  });
  connect(m_job, &LiveDeviceJob::methodTraceFinished, this,
          [this](const QString& path, int issues, const QString& error) {
            m_dumpProgress->hide();
            updateButtons();
            if (!error.isEmpty()) {
              m_status->setText(tr("Method trace failed: %1").arg(error));
              emit failed(tr("Method trace failed: %1").arg(error));
              return;
            }
            m_status->setText(tr("Method trace saved to %1: %n issue(s) added to the feed", nullptr, issues).arg(path));
            emit methodTraceArrived(path, issues);
          });
  connect(m_job, &LiveDeviceJob::heapDumpProgress, this, [this](qint64 received, qint64 total) {
    m_dumpProgress->show();
    m_dumpProgress->setFormat(m_tracing ? tr("method trace %p%") : tr("heap dump %p%"));
    m_dumpProgress->setValue(total > 0 ? static_cast<int>(received * 1000 / total) : 0);
  });
  connect(m_job, &LiveDeviceJob::heapDumpFinished, this, [this](const QString& path, const QString& error) {
    m_dumpProgress->hide();
    m_dump->setEnabled(m_job->running());
    const QString activity = path == m_leakDumpPath ? m_leakDumpActivity : QString();
    if (!activity.isEmpty()) m_leakDumpPath.clear();
    if (!error.isEmpty()) {
      m_status->setText(tr("Heap dump failed: %1").arg(error));
      emit failed(tr("Heap dump failed: %1").arg(error));
      return;
    }
    m_status->setText(tr("Heap dump saved to %1").arg(path));
    if (!activity.isEmpty()) {
      emit leakDumpArrived(path, activity);
    } else {
      emit heapDumpArrived(path);
    }
  });
  connect(m_job, &LiveDeviceJob::leakDumpTaken, this, [this](const QString& error) {
    m_dumpProgress->hide();
    updateButtons();
    m_status->setText(error.isEmpty() ? tr("Leak watch: the heap dump arrived; analysing it…")
                                      : tr("Leak watch: the heap dump failed: %1").arg(error));
  });
  connect(m_job, &LiveDeviceJob::finished, this, [this](const QString& path, const QString& error) {
    m_connected = false;
    m_banner->hide();
    m_dumpProgress->hide();
    if (!error.isEmpty()) {
      showBanner(tr("Recording stopped: %1").arg(error), true);
      emit failed(error);
    } else {
      m_status->setText(
          tr("Session saved to %1 — open it from File → Open session to scrub, compare or export.").arg(path));
    }
    updateButtons();
    if (error.isEmpty() || QFileInfo::exists(path)) emit sessionFinished(path);
  });
  updateButtons();
  refreshApps();
}

LiveDeviceView::~LiveDeviceView() {
  delete m_job;  // completes the session file and joins before the simulator goes
  m_job = nullptr;
}

QString LiveDeviceView::recordingsDir() {
  const QString dir = QStandardPaths::writableLocation(QStandardPaths::AppDataLocation) + QStringLiteral("/recordings");
  QDir().mkpath(dir);
  return dir;
}

QString LiveDeviceView::bannerText() const { return m_banner->isHidden() ? QString() : m_banner->text(); }
QString LiveDeviceView::appBannerText() const { return m_appBanner->isHidden() ? QString() : m_appBannerText->text(); }
QString LiveDeviceView::agentText() const { return m_agent->text(); }

void LiveDeviceView::showBanner(const QString& text, bool alarm) {
  ++m_bannerGeneration;
  m_banner->setStyleSheet(
      alarm ? QStringLiteral("QLabel { background: #c62828; color: white; padding: 6px; font-weight: bold; }")
            : QStringLiteral("QLabel { background: #ffb300; color: black; padding: 6px; }"));
  m_banner->setText(text);
  m_banner->show();
}

void LiveDeviceView::hideBannerLater() {
  const int shown = m_bannerGeneration;
  QTimer::singleShot(10000, this, [this, shown] {
    if (shown == m_bannerGeneration) m_banner->hide();
  });
}

void LiveDeviceView::updateButtons() {
  const bool running = m_job->running();
  m_refresh->setEnabled(!running);
  m_apps->setEnabled(!running);
  m_leakWatch->setEnabled(!running);
  m_start->setEnabled(!running && !m_apps->currentText().isEmpty());
  m_stop->setEnabled(running);
  m_mark->setEnabled(running);
  m_dump->setEnabled(running && m_connected && m_dumpProgress->isHidden());
  m_trace->setEnabled(running && m_connected && m_dumpProgress->isHidden());
  if (m_dumpProgress->isHidden()) m_tracing = false;
}

void LiveDeviceView::refreshApps() {
  m_status->setText(tr("Listing the device's apps…"));
  m_job->listApps();
}

void LiveDeviceView::start(LiveDeviceJob::AppStart how) {
  if (m_job->running()) return;
  const int index = m_apps->findText(m_apps->currentText());
  const QString package = index >= 0 ? m_apps->itemData(index).toString() : m_apps->currentText().trimmed();
  if (package.isEmpty()) return;
  // A second recording started within the same second gets its own name: an empty one is
  // removed when it ends, and must not take an earlier recording with it.
  const QString stem = QDir(recordingsDir())
                           .filePath(QStringLiteral("%1-%2").arg(
                               package, QDateTime::currentDateTime().toString(QStringLiteral("yyyyMMdd-HHmmss"))));
  m_sessionPath = stem + QStringLiteral(".mxs");
  for (int n = 2; QFileInfo::exists(m_sessionPath); ++n) m_sessionPath = stem + QStringLiteral("-%1.mxs").arg(n);
  m_banner->hide();
  m_appBanner->hide();
  m_agent->clear();
  m_status->setText(tr("Starting %1…").arg(package));
  m_marks = 0;
  m_losses = 0;
  m_lostAt = QDateTime();
  m_everConnected = false;
  m_job->start(package, m_sessionPath, how);
  // A fresh dashboard per recording, over the job's live model (it repaints as that changes).
  if (m_dashboard) {
    m_layout->removeWidget(m_dashboard);
    m_dashboard->deleteLater();
  }
  m_dashboard = new LiveDashboard(m_job->session());
  m_dashboard->detailView()->setLeakDumpsOffered(true);
  connect(m_dashboard->detailView(), &IssueDetailView::leakDumpRequested, this, &LiveDeviceView::dumpLeak);
  m_layout->insertWidget(m_layout->count() - 1, m_dashboard, 100);
  updateButtons();
}

void LiveDeviceView::stop() {
  m_status->setText(tr("Stopping; completing %1…").arg(m_sessionPath));
  m_job->cancel();  // the recording ends; finished() follows
}

void LiveDeviceView::mark(const QString& label) {
  ++m_marks;
  m_job->mark(label);
}

// "<recordings>/<session>-<kind>-<HHmmss>.<extension>": what a recording takes sits beside it.
QString LiveDeviceView::recordingFile(const QString& kind, const QString& extension) const {
  return QDir(recordingsDir())
      .filePath(QStringLiteral("%1-%2-%3.%4")
                    .arg(QFileInfo(m_sessionPath).completeBaseName(), kind,
                         QDateTime::currentDateTime().toString(QStringLiteral("HHmmss")), extension));
}

void LiveDeviceView::dumpHeap() {
  if (!m_job->running()) return;
  const QString path = recordingFile(QStringLiteral("heap"), QStringLiteral("hprof"));
  m_dump->setEnabled(false);
  m_dumpProgress->setValue(0);
  m_dumpProgress->show();
  m_job->dumpHeap(path);
}

void LiveDeviceView::dumpLeak(const QString& activity) {
  if (!m_job->running()) return;
  m_leakDumpPath = recordingFile(QStringLiteral("leak"), QStringLiteral("hprof"));
  m_leakDumpActivity = activity;
  m_dump->setEnabled(false);
  m_dumpProgress->setValue(0);
  m_dumpProgress->show();
  m_status->setText(tr("Dumping the heap of %1 after a GC…").arg(activity));
  m_job->dumpLeak(m_leakDumpPath, activity);
}

void LiveDeviceView::chooseMethodTrace() {
  if (const auto choice = askMethodTrace(this)) traceMethods(choice->seconds, choice->samplingUs, choice->launch);
}

void LiveDeviceView::traceMethods(double seconds, uint32_t samplingUs, bool launch) {
  if (!m_job->running()) return;
  const QString path = recordingFile(QStringLiteral("trace"), QStringLiteral("trace"));
  core::agentlink::MethodTraceOrder order;
  order.duration = std::chrono::milliseconds(static_cast<int64_t>(seconds * 1000));
  order.samplingUs = samplingUs;
  order.launch = launch;
  order.evilMethodMs = m_job->target().thresholds.evilMethodMs;
  m_tracing = true;
  m_dump->setEnabled(false);
  m_trace->setEnabled(false);
  m_dumpProgress->setValue(0);
  m_dumpProgress->setFormat(tr("tracing methods…"));
  m_dumpProgress->show();
  m_status->setText(launch ? tr("Launching the app with ART's method tracer for %1 s…").arg(seconds)
                           : tr("Tracing the app's methods for %1 s…").arg(seconds));
  m_job->traceMethods(path, order);
}

}  // namespace mxi::gui
