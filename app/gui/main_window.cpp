#include "app/gui/main_window.h"

#include <QAction>
#include <QDir>
#include <QDragEnterEvent>
#include <QFileInfo>
#include <QLabel>
#include <QListWidget>
#include <QMenuBar>
#include <QMessageBox>
#include <QMimeData>
#include <QProgressBar>
#include <QPushButton>
#include <QStackedWidget>
#include <QStatusBar>

#include "app/gui/jobs/live/demo_device.h"
#include "app/gui/views/apk/apk_page.h"
#include "app/gui/views/heap/heap_page.h"
#include "app/gui/views/live/live_page.h"
#include "app/gui/views/session/live_dashboard.h"
#include "app/gui/views/session/session_page.h"
#include "app/gui/views/settings_dialog.h"
#include "app/gui/views/start/start_page.h"
#include "app/gui/views/startup/startup_page.h"
#include "app/gui/views/trace/trace_page.h"
#include "app/gui/views/triage/triage_page.h"
#include "core/triage/triage_store.h"

namespace mxi::gui {

MainWindow::MainWindow(QWidget* parent)
    : QMainWindow(parent),
      m_settings(Settings::load()),
      m_stack(new QStackedWidget),
      m_heap(new HeapPage(m_settings)),
      m_session(new SessionPage(m_settings)),
      m_live(new LivePage(m_settings)),
      m_trace(new TracePage(m_settings)),
      m_triage(new TriagePage(m_settings)),
      m_apk(new ApkPage(m_settings)),
      m_startup(new StartupPage(m_settings)),
      m_start(new StartPage(m_settings, {m_heap->openAction(), m_session->openAction(), m_trace->openAction(),
                                         m_session->capturesAction(), m_triage->openAction(), m_apk->openAction(),
                                         m_live->demoAction()})) {
  setWindowTitle(tr("Matrix Inspector"));
  setAcceptDrops(true);
  resize(1280, 800);
  makeStatusBar();
  addPage(QStringLiteral("start"), m_start);
  addPage(QStringLiteral("heap"), m_heap);
  addPage(QStringLiteral("session"), m_session);
  addPage(QStringLiteral("live"), m_live);
  addPage(QStringLiteral("trace"), m_trace);
  addPage(QStringLiteral("triage"), m_triage);
  addPage(QStringLiteral("apk"), m_apk);
  addPage(QStringLiteral("startup"), m_startup);
  setCentralWidget(m_stack);
  makeMenus();

  // What pages hand each other, and what the window reports of them.
  connect(m_start, &StartPage::deviceActivated, m_live, &LivePage::openDevice);
  connect(m_live, &LivePage::heapDumpArrived, m_heap, &HeapPage::openDump);
  connect(m_live, &LivePage::leakDumpArrived, m_heap,
          [this](const QString& path, const QString& activity) { m_heap->openDumpAt(path, activity, 0); });
  connect(m_live, &LivePage::leakWatchChosen, this, [this](const QString& mode) {
    m_settings.leakWatch = mode;  // the next live view starts with it
    m_settings.save();
  });
  connect(m_triage, &TriagePage::openCaptureRequested, m_heap, &HeapPage::openDumpAt);
  connect(m_heap, &HeapPage::dumpLoaded, this, &MainWindow::dumpLoaded);
  connect(m_heap, &HeapPage::dumpOpened, this, &MainWindow::dumpOpened);
  connect(m_heap, &HeapPage::heapStageShown, this, &MainWindow::heapStageShown);
  connect(m_session, &SessionPage::sessionOpened, this, &MainWindow::sessionOpened);
  connect(m_trace, &TracePage::traceOpened, this, &MainWindow::traceOpened);
  connect(m_triage, &TriagePage::triageOpened, this, &MainWindow::triageOpened);
  connect(m_apk, &ApkPage::apkOpened, this, &MainWindow::apkOpened);
  connect(m_live, &LivePage::checkApkRequested, m_apk, &ApkPage::checkFromDevice);
  connect(m_startup, &StartupPage::runsShown, this, &MainWindow::startupOpened);
  connect(m_session, &SessionPage::startupRunsLoaded, m_startup, &StartupPage::showSession);
  connect(m_startup->runAction(), &QAction::triggered, this, [this] { chooseLaunches(nullptr, {}, {}); });
  connect(m_live, &LivePage::launchesRequested, this,
          [this](const core::adb::DeviceSelection& device, const QString& label, const QString& package) {
            chooseLaunches(&device, label, package);
          });
  connect(m_start, &StartPage::checkApkRequested, this, [this](const QString& serial, const QString& package) {
    core::adb::DeviceSelection device;
    device.serial = serial.toStdString();
    device.transport = m_settings.transport.toStdString();
    m_apk->checkFromDevice(device, package);
  });
}

MainWindow::~MainWindow() = default;

void MainWindow::makeMenus() {
  auto* file = menuBar()->addMenu(tr("&File"));
  file->addAction(m_heap->openAction());
  file->addAction(m_heap->applyMappingAction());
  file->addAction(m_session->openAction());
  file->addAction(m_session->capturesAction());
  file->addAction(m_session->applyMappingAction());
  file->addAction(m_trace->openAction());
  file->addAction(m_triage->openAction());
  file->addAction(m_apk->openAction());
  file->addAction(m_apk->compareAction());
  file->addSeparator();
  file->addAction(tr("&Quit"), QKeySequence::Quit, this, &QWidget::close);
  auto* edit = menuBar()->addMenu(tr("&Edit"));
  edit->addAction(tr("&Settings…"), QKeySequence(tr("Ctrl+,")), this, &MainWindow::editSettings);
  auto* viewMenu = menuBar()->addMenu(tr("&View"));
  viewMenu->addAction(tr("&Start page"), this, [this] { showPage(QStringLiteral("start")); });
  viewMenu->addAction(tr("&Heap dump"), this, [this] { showPage(QStringLiteral("heap")); });
  viewMenu->addAction(tr("S&ession"), this, [this] { showPage(QStringLiteral("session")); });
  viewMenu->addAction(tr("&Live device"), this, [this] { showPage(QStringLiteral("live")); });
  viewMenu->addAction(tr("Method &trace"), this, [this] { showPage(QStringLiteral("trace")); });
  viewMenu->addAction(tr("T&riage"), this, [this] { showPage(QStringLiteral("triage")); });
  viewMenu->addAction(tr("&APK"), this, [this] { showPage(QStringLiteral("apk")); });
  viewMenu->addAction(tr("Start&up"), this, [this] { showPage(QStringLiteral("startup")); });
  viewMenu->addSeparator();
  viewMenu->addAction(tr("&Reset dashboard layout"), this, [this] {
    for (LiveDashboard* d : findChildren<LiveDashboard*>()) d->resetLayout();
  });
  auto* device = menuBar()->addMenu(tr("&Device"));
  device->addAction(m_live->demoAction());
  device->addSeparator();
  device->addAction(m_startup->runAction());
  device->addAction(m_startup->baselineAction());
  device->addAction(m_startup->saveAction());
}

void MainWindow::makeStatusBar() {
  m_phase = new QLabel;
  m_progress = new QProgressBar;
  m_progress->setRange(0, 1000);
  m_progress->setMaximumWidth(240);
  m_cancel = new QPushButton(tr("Cancel"));
  m_cancel->setObjectName(QStringLiteral("statusCancel"));
  statusBar()->addWidget(m_phase, 1);
  statusBar()->addPermanentWidget(m_progress);
  statusBar()->addPermanentWidget(m_cancel);
  m_progress->hide();
  m_cancel->hide();
  connect(m_cancel, &QPushButton::clicked, this, [this] {
    if (m_shownJob) m_shownJob->cancel();
  });
}

void MainWindow::addPage(const QString& name, Page* page) {
  m_pages.emplace_back(name, page);
  m_stack->addWidget(page);
  connect(page, &Page::statusChanged, m_phase, &QLabel::setText);
  connect(page, &Page::jobStarted, this, &MainWindow::showJobProgress);
  connect(page, &Page::jobEnded, this, &MainWindow::hideJobProgress);
  connect(page, &Page::failed, this, &MainWindow::reportFailure);
  connect(page, &Page::fileOpened, m_start, &StartPage::rememberRecent);
  connect(page, &Page::openRequested, this, &MainWindow::openFiles);
  connect(page, &Page::showRequested, this, [this, page](const QString& windowTitle) {
    if (!windowTitle.isEmpty()) setWindowTitle(windowTitle);
    m_stack->setCurrentWidget(page);
  });
}

bool MainWindow::showPage(const QString& name) {
  for (const auto& [pageName, page] : m_pages) {
    if (pageName != name) continue;
    if (!page->hasDocument()) return false;
    m_stack->setCurrentWidget(page);
    return true;
  }
  return false;
}

void MainWindow::openDump(const QString& path) { m_heap->openDump(path); }
void MainWindow::openCaptures(const CaptureFiles& files) { m_session->openCaptures(files); }
void MainWindow::openSession(const QString& path) { m_session->openSession(path); }
void MainWindow::openMethodTrace(const QString& path, const QString& mappingPath) {
  m_trace->openMethodTrace(path, mappingPath);
}
void MainWindow::openTriage(const QString& store, const QStringList& captures) {
  m_triage->openTriage(store, captures);
}
LiveDeviceView* MainWindow::openLiveDevice(LiveTarget target, std::unique_ptr<DemoDevice> demo) {
  return m_live->openLiveDevice(std::move(target), std::move(demo));
}
bool MainWindow::startDemo() { return m_live->startDemo(); }
void MainWindow::startDeviceTracking() { m_start->startDeviceTracking(); }
core::agentlink::AgentSearch MainWindow::agentSearch() { return LivePage::agentSearch(); }

HeapBrowser* MainWindow::heapBrowser() const { return m_heap->browser(); }
SessionView* MainWindow::sessionView() const { return m_session->view(); }
LiveDashboard* MainWindow::dashboard() const { return m_session->dashboard(); }
LiveDeviceView* MainWindow::liveView() const { return m_live->view(); }
MethodTraceView* MainWindow::traceView() const { return m_trace->view(); }
TriageView* MainWindow::triageView() const { return m_triage->view(); }
ApkView* MainWindow::apkView() const { return m_apk->view(); }
StartupView* MainWindow::startupView() const { return m_startup->view(); }
QListWidget* MainWindow::deviceList() const { return m_start->deviceList(); }

void MainWindow::openApk(const QStringList& paths) { m_apk->openApk(paths); }

namespace {

// A folder holding APKs (an app bundle's base and splits, as `mxi apk pull` writes them).
bool holdsApks(const QString& path) {
  const QFileInfo info(path);
  return info.isDir() && !QDir(path).entryList({QStringLiteral("*.apk")}, QDir::Files).isEmpty();
}

}  // namespace

void MainWindow::openFiles(const QStringList& paths) {
  QStringList captures;
  QStringList apks;  // one app's package: its files are checked together
  for (const QString& p : paths) {
    const QString lower = p.toLower();
    if (lower.endsWith(QLatin1String(".apk")) || holdsApks(p)) {
      apks << p;
    } else if (lower.endsWith(QLatin1String(".trace")) || lower.endsWith(QLatin1String(".trace.gz"))) {
      openMethodTrace(p);
    } else if (lower.endsWith(QLatin1String(".hprof")) || lower.endsWith(QLatin1String(".gz")) ||
               lower.endsWith(QLatin1String(".zip"))) {
      openDump(p);
    } else if (lower.endsWith(QLatin1String(".mxs"))) {
      openSession(p);
    } else if (QFileInfo(p).isDir()) {
      // A folder of captures, triaged into the default store.
      openTriage(QString::fromStdString(core::triage::defaultStorePath()), {p});
    } else if (lower.endsWith(QLatin1String(".sqlite"))) {
      openTriage(p);  // a triage store
    } else {
      captures << p;
    }
  }
  if (!apks.isEmpty()) openApk(apks);
  if (captures.isEmpty()) return;
  QString error;
  const CaptureFiles files = classifyCaptures(captures, error);
  if (!error.isEmpty()) {
    reportFailure(tr("Cannot open the captures"), error);
    return;
  }
  openCaptures(files);
}

void MainWindow::chooseLaunches(const core::adb::DeviceSelection* live, const QString& liveLabel,
                                const QString& package) {
  QList<DeviceChoice> devices;  // the live view's device first: the one chosen
  if (live) devices.append({liveLabel, *live});
  for (int row = 0; row < deviceList()->count(); ++row) {
    const QString label = deviceList()->item(row)->text();
    const QString serial = StartPage::usableSerial(label);
    if (serial.isEmpty()) continue;
    core::adb::DeviceSelection selection{serial.toStdString(), m_settings.transport.toStdString()};
    // The live view's device is listed once, as the live view reaches it.
    if (live && selection.serial == live->serial) continue;
    devices.append({label, std::move(selection)});
  }
  if (devices.isEmpty()) {
    reportFailure(tr("No device"), tr("Attach a device (or try the demo) to run launches on it"));
    return;
  }
  m_startup->chooseLaunches(devices, 0, package);
}

void MainWindow::editSettings() {
  SettingsDialog dialog(m_settings, this);
  if (dialog.exec() != QDialog::Accepted) return;
  const Settings chosen = dialog.settings();
  chosen.save();
  applySettings(chosen);
}

void MainWindow::applySettings(const Settings& settings) {
  const bool adbChanged = settings.adbPath != m_settings.adbPath || settings.transport != m_settings.transport;
  m_settings = settings;
  if (adbChanged) m_start->adbChanged();
  m_session->setThresholds(m_settings.thresholds);
  m_phase->setText(tr("Settings applied; mappings and heaps to exclude apply to files opened from now on"));
}

void MainWindow::showJobProgress(WorkerJob* job) {
  m_shownJob = job;
  connect(job, &WorkerJob::progress, this, [this, job](const QString& phase, int permille) {
    if (m_shownJob != job) return;
    m_phase->setText(tr("%1…").arg(phase));
    m_progress->setValue(permille);
  });
  m_progress->setValue(0);
  m_progress->show();
  m_cancel->show();
}

void MainWindow::hideJobProgress(WorkerJob* job) {
  if (m_shownJob != job) return;  // a later job owns the status bar
  m_shownJob = nullptr;
  m_progress->hide();
  m_cancel->hide();
}

void MainWindow::reportFailure(const QString& title, const QString& message) {
  m_phase->setText(message);
  emit openFailed(message);
  if (!title.isEmpty() && isVisible()) QMessageBox::warning(this, title, message);
}

void MainWindow::dragEnterEvent(QDragEnterEvent* event) {
  if (event->mimeData()->hasUrls()) event->acceptProposedAction();
}

void MainWindow::dropEvent(QDropEvent* event) {
  QStringList paths;
  for (const QUrl& url : event->mimeData()->urls()) {
    if (url.isLocalFile()) paths << url.toLocalFile();
  }
  openFiles(paths);
}

}  // namespace mxi::gui
