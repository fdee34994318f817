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
  QHBoxLayout* bar = makeToolbar();
  makeBanners();
  m_layout->addWidget(title);
  m_layout->addLayout(bar);
  m_layout->addWidget(m_agent);
  m_layout->addWidget(m_status);
  m_layout->addWidget(m_banner);
  m_layout->addWidget(m_appBanner);
  m_layout->addStretch(1);
  connectControls();
  followJob();
  updateButtons();
  refreshApps();
}

// App, leak watch, the buttons and the transfer's progress, in one row.
QHBoxLayout* LiveDeviceView::makeToolbar() {
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
  m_checkApk = new QPushButton(tr("Check APK…"));
  m_checkApk->setObjectName(QStringLiteral("checkApk"));
  m_checkApk->setToolTip(
      tr("Pull the app's APKs (base and splits) from the device and check them on the APK page: what is inside, "
         "what it costs, Matrix ApkChecker's findings"));
  m_runLaunches = new QPushButton(tr("Run launches…"));
  m_runLaunches->setObjectName(QStringLiteral("runLaunches"));
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
                     static_cast<QWidget*>(m_checkApk), static_cast<QWidget*>(m_runLaunches),
                     static_cast<QWidget*>(m_dumpProgress)}) {
    bar->addWidget(w);
  }
  return bar;
}

// The agent and status lines, the connection banner and the not-running app's banner.
void LiveDeviceView::makeBanners() {
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
}

void LiveDeviceView::connectControls() {
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
  connect(m_checkApk, &QPushButton::clicked, this, [this] {
    const QString package = chosenPackage();
    if (!package.isEmpty()) emit checkApkRequested(m_job->target().selection, package);
  });
  connect(m_runLaunches, &QPushButton::clicked, this,
          [this] { emit launchesRequested(m_job->target().selection, m_job->target().label, chosenPackage()); });
  connect(m_apps, &QComboBox::editTextChanged, this, &LiveDeviceView::updateButtons);
  connect(m_leakWatch, &QComboBox::currentTextChanged, this, [this](const QString& mode) {
    if (const auto chosen = core::agentlink::parseLeakWatchMode(mode.toStdString())) m_job->setLeakWatch(*chosen);
    emit leakWatchChosen(mode);
  });
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
  m_checkApk->setEnabled(!m_apps->currentText().isEmpty());
  // Each cold launch kills the app: the recording would show it dying over and over.
  m_runLaunches->setEnabled(!running);
  m_runLaunches->setToolTip(running ? tr("Stop the recording first: the launches restart the app")
                                    : tr("Launch the app N times (cold, warm or hot) on the Startup page: each "
                                         "launch's times, their median and spread, and a verdict against a baseline"));
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

QString LiveDeviceView::chosenPackage() const {
  const int index = m_apps->findText(m_apps->currentText());
  return index >= 0 ? m_apps->itemData(index).toString() : m_apps->currentText().trimmed();
}

void LiveDeviceView::start(LiveDeviceJob::AppStart how) {
  if (m_job->running()) return;
  const QString package = chosenPackage();
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
