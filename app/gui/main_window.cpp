#include "app/gui/main_window.h"

#include <QDragEnterEvent>
#include <QFile>
#include <QFileDialog>
#include <QFileInfo>
#include <QFutureWatcher>
#include <QHBoxLayout>
#include <QInputDialog>
#include <QLabel>
#include <QListWidget>
#include <QMenuBar>
#include <QMessageBox>
#include <QMimeData>
#include <QProgressBar>
#include <QPushButton>
#include <QSettings>
#include <QStackedWidget>
#include <QStatusBar>
#include <QTemporaryDir>
#include <QVBoxLayout>

#include "app/gui/jobs/demo_device.h"
#include "app/gui/jobs/device_tracker.h"
#include "app/gui/jobs/heap_load_job.h"
#include "app/gui/jobs/method_trace_job.h"
#include "app/gui/jobs/triage_job.h"
#include "app/gui/trace/method_trace_view.h"
#include "app/gui/triage/triage_view.h"
#include "app/gui/views/heap_browser.h"
#include "app/gui/views/live_dashboard.h"
#include "app/gui/views/live_device_view.h"
#include "app/gui/views/session_view.h"
#include "app/gui/views/settings_dialog.h"
#include "core/triage/triage_store.h"

namespace mxi::gui {

MainWindow::MainWindow(QWidget* parent) : QMainWindow(parent), m_settings(Settings::load()) {
  setWindowTitle(tr("Matrix Inspector"));
  setAcceptDrops(true);
  resize(1280, 800);
  m_stack = new QStackedWidget;
  m_stack->addWidget(makeStartPage());
  setCentralWidget(m_stack);

  auto* file = menuBar()->addMenu(tr("&File"));
  file->addAction(tr("&Open dump…"), QKeySequence::Open, this, &MainWindow::chooseDump);
  file->addAction(tr("Open &session…"), this, &MainWindow::chooseSession);
  file->addAction(tr("Open device &captures…"), this, &MainWindow::chooseCaptures);
  file->addAction(tr("Open method &trace…"), this, &MainWindow::chooseMethodTrace);
  file->addAction(tr("Open t&riage…"), this, &MainWindow::chooseTriage);
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
  viewMenu->addSeparator();
  viewMenu->addAction(tr("&Reset dashboard layout"), this, [this] {
    for (LiveDashboard* d : findChildren<LiveDashboard*>()) d->resetLayout();
  });
  auto* device = menuBar()->addMenu(tr("&Device"));
  device->addAction(tr("Try the &demo (simulated phone)"), this, &MainWindow::startDemo);

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

MainWindow::~MainWindow() = default;

QWidget* MainWindow::makeStartPage() {
  auto* page = new QWidget;
  auto* layout = new QVBoxLayout(page);
  layout->setContentsMargins(48, 48, 48, 48);
  auto* title =
      new QLabel(tr("<h1>Matrix Inspector</h1><p>Open an Android or HotSpot heap dump (.hprof, .hprof.gz, "
                    "or a Matrix upload .zip) — or drop one here — to see its leaks, duplicate bitmaps, "
                    "classes, dominators and duplicate strings; or an ART method trace (.trace) to see its "
                    "threads as flame charts and the slow main-thread work Matrix would report.</p>"));
  title->setWordWrap(true);
  layout->addWidget(title);
  auto* buttons = new QHBoxLayout;
  auto* open = new QPushButton(tr("Open dump…"));
  connect(open, &QPushButton::clicked, this, &MainWindow::chooseDump);
  auto* captures = new QPushButton(tr("Open device captures…"));
  captures->setToolTip(
      tr("dumpsys gfxinfo framestats, logcat or JSON with Matrix issues, ANR traces, methodMapping.txt"));
  connect(captures, &QPushButton::clicked, this, &MainWindow::chooseCaptures);
  auto* session = new QPushButton(tr("Open session…"));
  session->setToolTip(tr("A recorded .mxs session (mxi record, mxi session import)"));
  connect(session, &QPushButton::clicked, this, &MainWindow::chooseSession);
  auto* trace = new QPushButton(tr("Open method trace…"));
  trace->setToolTip(
      tr("An ART/Dalvik .trace (am profile, --start-profiler, Android Studio, Debug.startMethodTracing)"));
  connect(trace, &QPushButton::clicked, this, &MainWindow::chooseMethodTrace);
  buttons->addWidget(open);
  buttons->addWidget(session);
  buttons->addWidget(trace);
  buttons->addWidget(captures);
  auto* triage = new QPushButton(tr("Open triage…"));
  triage->setToolTip(
      tr("Many captures at once: their distinct problems by impact, which are new, a page for the team"));
  connect(triage, &QPushButton::clicked, this, &MainWindow::chooseTriage);
  buttons->addWidget(triage);
  auto* demo = new QPushButton(tr("Try the demo"));
  demo->setObjectName(QStringLiteral("tryDemo"));
  demo->setToolTip(tr("A simulated phone on this computer: the live view, recording and heap dumps with no device"));
  connect(demo, &QPushButton::clicked, this, &MainWindow::startDemo);
  buttons->addWidget(demo);
  buttons->addStretch(1);
  layout->addLayout(buttons);
  layout->addWidget(new QLabel(tr("<h3>Attached devices</h3><p>Double-click a device for its live view.</p>")));
  m_deviceStatus = new QLabel(tr("Device tracking is off."));
  m_deviceStatus->setObjectName(QStringLiteral("deviceStatus"));
  m_devices = new QListWidget;
  m_devices->setObjectName(QStringLiteral("devices"));
  m_devices->setMaximumHeight(120);
  layout->addWidget(m_deviceStatus);
  connect(m_devices, &QListWidget::itemActivated, this, [this](QListWidgetItem* item) {
    // Rows read "serial — model (state)".
    const QString serial = item->text().section(QStringLiteral(" — "), 0, 0).section(QStringLiteral(" ("), 0, 0);
    if (!item->text().endsWith(QLatin1String("(device)"))) return;  // offline, unauthorized…
    LiveTarget target;
    target.selection.serial = serial.toStdString();
    target.selection.transport = m_settings.transport.toStdString();
    target.label = item->text();
    target.agentSearch = agentSearch();
    openLiveDevice(std::move(target));
  });
  layout->addWidget(m_devices);
  layout->addWidget(new QLabel(tr("<h3>Recent files</h3>")));
  m_recent = new QListWidget;
  connect(m_recent, &QListWidget::itemActivated, this, [this](QListWidgetItem* item) { openFiles({item->text()}); });
  layout->addWidget(m_recent, 1);
  refreshRecent();
  return page;
}

void MainWindow::startDeviceTracking() {
  if (m_tracker) return;
  m_tracker = new DeviceTracker({m_settings.adbPath.toStdString(), m_settings.transport.toStdString()}, this);
  connect(m_tracker, &DeviceTracker::devicesChanged, this, [this](const QStringList& devices) {
    m_devices->clear();
    m_devices->addItems(devices);
    if (devices.isEmpty()) m_devices->addItem(tr("No device attached — connect a phone with USB debugging on"));
  });
  connect(m_tracker, &DeviceTracker::statusChanged, m_deviceStatus, &QLabel::setText);
  m_devices->clear();
  m_deviceStatus->setText(m_settings.transport == QLatin1String("server")
                              ? tr("Looking for the adb server…")
                              : tr("Looking for devices (%1)…").arg(m_settings.transport));
  m_tracker->start();
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
  if (m_tracker && adbChanged) {
    delete m_tracker;  // stops its thread
    m_tracker = nullptr;
    startDeviceTracking();
  }
  if (m_sessionView) m_sessionView->setThresholds(m_settings.thresholds);
  m_phase->setText(tr("Settings applied; mappings and heaps to exclude apply to files opened from now on"));
}

void MainWindow::refreshRecent() {
  m_recent->clear();
  m_recent->addItems(QSettings().value(QStringLiteral("recentFiles")).toStringList());
}

void MainWindow::rememberRecent(const QString& path) {
  QSettings settings;
  QStringList recent = settings.value(QStringLiteral("recentFiles")).toStringList();
  recent.removeAll(path);
  recent.prepend(path);
  while (recent.size() > 10) recent.removeLast();
  settings.setValue(QStringLiteral("recentFiles"), recent);
  refreshRecent();
}

void MainWindow::chooseDump() {
  const QString path = QFileDialog::getOpenFileName(this, tr("Open heap dump"), QString(),
                                                    tr("Heap dumps (*.hprof *.hprof.gz *.gz *.zip);;All files (*)"));
  if (!path.isEmpty()) openDump(path);
}

void MainWindow::chooseCaptures() {
  const QStringList paths = QFileDialog::getOpenFileNames(this, tr("Open device captures"), QString(),
                                                          tr("Captures (*.txt *.log *.json *.jsonl);;All files (*)"));
  if (!paths.isEmpty()) openFiles(paths);
}

void MainWindow::openCaptures(const CaptureFiles& files) {
  QStringList names;
  for (const QString& p : {files.framestats, files.issues, files.anr, files.methodMapping}) {
    if (!p.isEmpty()) names << QFileInfo(p).fileName();
  }
  // Core's import writes a scratch session file next to the others of this window.
  if (!m_captureSessions) m_captureSessions = std::make_unique<QTemporaryDir>();
  const QString first = QFileInfo(names.isEmpty() ? QStringLiteral("captures") : names.first()).completeBaseName();
  const QString sessionPath =
      m_captureSessions->filePath(QStringLiteral("%1-%2.mxs").arg(first).arg(++m_captureImports));
  m_phase->setText(tr("Importing %1…").arg(names.join(QStringLiteral(", "))));
  loadSession(SessionLoadJob::importing(files, sessionPath, m_settings.mappings),
              tr("Session from %1").arg(names.join(QStringLiteral(", "))));
}

void MainWindow::loadSession(std::unique_ptr<SessionLoadJob> job, const QString& label) {
  // Only the latest open shows: a session still loading is cancelled, and its result dropped.
  m_sessionJob = std::move(job);
  SessionLoadJob* loading = m_sessionJob.get();
  connect(loading, &SessionLoadJob::loaded, this,
          [this, loading, label](std::shared_ptr<const core::session::SessionData> session) {
            const QString path = loading->sessionPath();
            hideJobProgress(loading);
            m_sessionJob.reset();
            showSessionPage(new SessionView(path, std::move(session), m_settings.thresholds, m_settings.mappings));
            m_phase->setText(label);
            setWindowTitle(tr("%1 — Matrix Inspector").arg(label));
            emit sessionOpened();
          });
  connect(loading, &SessionLoadJob::failed, this, [this, loading](const QString& message) {
    hideJobProgress(loading);
    m_sessionJob.reset();
    if (message == QLatin1String("Cancelled")) {
      m_phase->setText(message);
      emit openFailed(message);
      return;
    }
    reportFailure(tr("Cannot open the session"), message);
  });
  showJobProgress(loading);
  loading->start();
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

void MainWindow::showSessionPage(SessionView* view) {
  // One session page at a time.
  if (m_sessionView) {
    m_stack->removeWidget(m_sessionView);
    m_sessionView->deleteLater();
  }
  m_sessionView = view;
  m_stack->addWidget(view);
  m_stack->setCurrentWidget(view);
}

LiveDashboard* MainWindow::dashboard() const { return m_sessionView ? m_sessionView->dashboard() : nullptr; }

void MainWindow::chooseSession() {
  const QString path =
      QFileDialog::getOpenFileName(this, tr("Open session"), QString(), tr("Sessions (*.mxs);;All files (*)"));
  if (!path.isEmpty()) openSession(path);
}

void MainWindow::openSession(const QString& path) {
  const QString absolute = QFileInfo(path).absoluteFilePath();
  rememberRecent(absolute);
  const QString name = QFileInfo(absolute).fileName();
  m_phase->setText(tr("Opening %1…").arg(name));
  loadSession(SessionLoadJob::opening(absolute, m_settings.mappings), tr("Session %1").arg(name));
}

void MainWindow::openFiles(const QStringList& paths) {
  QStringList captures;
  for (const QString& p : paths) {
    const QString lower = p.toLower();
    if (lower.endsWith(QLatin1String(".trace")) || lower.endsWith(QLatin1String(".trace.gz"))) {
      openMethodTrace(p);
    } else if (lower.endsWith(QLatin1String(".hprof")) || lower.endsWith(QLatin1String(".gz")) ||
               lower.endsWith(QLatin1String(".zip"))) {
      openDump(p);
    } else if (lower.endsWith(QLatin1String(".mxs"))) {
      openSession(p);
    } else if (lower.endsWith(QLatin1String(".sqlite")) || QFileInfo(p).isDir()) {
      // A triage store, or a folder of captures triaged into the default store.
      if (QFileInfo(p).isDir()) {
        openTriage(QString::fromStdString(core::triage::defaultStorePath()), {p});
      } else {
        openTriage(p);
      }
    } else {
      captures << p;
    }
  }
  if (captures.isEmpty()) return;
  QString error;
  const CaptureFiles files = classifyCaptures(captures, error);
  if (!error.isEmpty()) {
    reportFailure(tr("Cannot open the captures"), error);
    return;
  }
  openCaptures(files);
}

core::agentlink::AgentSearch MainWindow::agentSearch() {
  core::agentlink::AgentSearch search;
  search.executableDir = core::agentlink::executableDirectory();
#ifdef MXI_GUI_BUILD_DIR
  search.buildDir = MXI_GUI_BUILD_DIR;
#endif
  return search;
}

LiveDeviceView* MainWindow::openLiveDevice(LiveTarget target, std::unique_ptr<DemoDevice> demo) {
  if (m_liveView) {
    m_stack->removeWidget(m_liveView);
    delete m_liveView;  // completes its recording first
  }
  target.thresholds = m_settings.thresholds;  // Settings, as they are now
  target.mappings = m_settings.mappings;
  m_liveView = new LiveDeviceView(std::move(target), std::move(demo));
  connect(m_liveView, &LiveDeviceView::heapDumpArrived, this, &MainWindow::openDump);
  // The trace's issues are in the live feed already; the trace itself opens in its own view
  // only when asked (File → Open method trace, or the path in the status line).
  connect(m_liveView, &LiveDeviceView::sessionFinished, this, &MainWindow::rememberRecent);
  connect(m_liveView, &LiveDeviceView::failed, m_phase, &QLabel::setText);
  m_stack->addWidget(m_liveView);
  m_stack->setCurrentWidget(m_liveView);
  return m_liveView;
}

bool MainWindow::startDemo() {
  auto demo = std::make_unique<DemoDevice>(DemoDevice::locateParts());
  QString error;
  if (!demo->start(&error)) {
    reportFailure(tr("Cannot start the demo"), error);
    return false;
  }
  LiveTarget target;
  target.selection.transport = demo->transport().toStdString();
  target.label = tr("Demo phone (%1)").arg(demo->transport());
  target.agentSearch = agentSearch();
  LiveDeviceView* view = openLiveDevice(std::move(target), std::move(demo));
  // The demo streams at once: the app in front of the simulated phone is picked and started.
  auto once = std::make_shared<QMetaObject::Connection>();
  *once = connect(view, &LiveDeviceView::appsReady, view, [view, once] {
    QObject::disconnect(*once);
    view->start();
  });
  m_phase->setText(tr("Demo: a simulated phone whose app plays synthetic frames, Matrix issues and an ANR."));
  return true;
}

bool MainWindow::showPage(const QString& name) {
  QWidget* page = name == QLatin1String("start")     ? m_stack->widget(0)
                  : name == QLatin1String("live")    ? static_cast<QWidget*>(m_liveView)
                  : name == QLatin1String("heap")    ? static_cast<QWidget*>(m_browser)
                  : name == QLatin1String("session") ? static_cast<QWidget*>(m_sessionView)
                  : name == QLatin1String("trace")   ? static_cast<QWidget*>(m_traceView)
                  : name == QLatin1String("triage")  ? static_cast<QWidget*>(m_triageView)
                                                     : nullptr;
  if (!page) return false;
  m_stack->setCurrentWidget(page);
  return true;
}

void MainWindow::chooseMethodTrace() {
  const QString path = QFileDialog::getOpenFileName(this, tr("Open method trace"), QString(),
                                                    tr("Method traces (*.trace *.trace.gz);;All files (*)"));
  if (!path.isEmpty()) openMethodTrace(path);
}

void MainWindow::chooseTriage() {
  QMessageBox ask(QMessageBox::Question, tr("Open triage"),
                  tr("Triage many captures at once: their distinct problems, how often each shows, which are new."),
                  QMessageBox::Cancel, this);
  auto* folder = ask.addButton(tr("Analyse a folder…"), QMessageBox::AcceptRole);
  auto* file = ask.addButton(tr("Open a store file…"), QMessageBox::AcceptRole);
  auto* team = ask.addButton(tr("Team store (PostgreSQL)…"), QMessageBox::AcceptRole);
  ask.setInformativeText(tr("A folder is analysed into your store (%1): what it holds already is skipped.")
                             .arg(QString::fromStdString(core::triage::defaultStorePath())));
  ask.exec();
  if (ask.clickedButton() == folder) {
    const QString dir = QFileDialog::getExistingDirectory(this, tr("Folder of captures to triage"));
    if (!dir.isEmpty()) openTriage(QString::fromStdString(core::triage::defaultStorePath()), {dir});
  } else if (ask.clickedButton() == file) {
    const QString path = QFileDialog::getOpenFileName(this, tr("Open triage store"), QString(),
                                                      tr("Triage stores (*.sqlite);;All files (*)"));
    if (!path.isEmpty()) openTriage(path);
  } else if (ask.clickedButton() == team) {
    bool ok = false;
    const QString uri = QInputDialog::getText(this, tr("Team triage store"), tr("PostgreSQL connection URI:"),
                                              QLineEdit::Normal, QStringLiteral("postgresql://user@host/triage"), &ok);
    if (ok && !uri.isEmpty()) openTriage(uri);
  }
}

void MainWindow::openTriage(const QString& store, const QStringList& captures) {
  if (!m_triageView) {
    m_triageView = new TriageView;
    m_stack->addWidget(m_triageView);
    connect(m_triageView, &TriageView::statusEdited, this,
            [this](const QString& signature, const QString& status, const QString& note) {
              if (!m_triageJob || !m_triageJob->saveStatus(signature, status, note)) {
                reportFailure(tr("Triage"), tr("The store is busy; the status of %1 was not saved").arg(signature));
              }
            });
    connect(m_triageView, &TriageView::analyseRequested, this, [this](const QStringList& paths) {
      if (m_triageJob) openTriage(m_triageJob->store(), paths);
    });
    connect(m_triageView, &TriageView::openCaptureRequested, this,
            [this](const QString& path, const QString& leakSignature, quint64 objectId) {
              if (m_job) return;  // a dump is loading
              m_focusLeak = leakSignature;
              m_focusObject = objectId;
              openDump(path);
            });
  }
  if (!m_triageJob || m_triageJob->store() != store) {
    if (m_triageJob) hideJobProgress(m_triageJob.get());
    m_triageJob = std::make_unique<TriageJob>(store);
    connect(m_triageJob.get(), &TriageJob::loaded, this, [this](std::shared_ptr<const TriageDocument> document) {
      hideJobProgress(m_triageJob.get());
      m_triageView->setBusy(false);
      m_triageView->setDocument(std::move(document));
      m_phase->setText(tr("Triage: %1").arg(m_triageView->document()->storeLocation));
      showPage(QStringLiteral("triage"));
      setWindowTitle(tr("Triage — Matrix Inspector"));
      emit triageOpened();
    });
    connect(m_triageJob.get(), &TriageJob::failed, this, [this](const QString& message) {
      hideJobProgress(m_triageJob.get());
      m_triageView->setBusy(false);
      if (message == QLatin1String("Cancelled")) {
        // Every capture finished before Cancel is stored: show them.
        m_phase->setText(tr("Triage cancelled; showing what was stored"));
        if (m_triageJob->analyse({})) m_triageView->setBusy(true);
        return;
      }
      reportFailure(tr("Triage"), message);
    });
  }
  if (!m_triageJob->analyse(captures)) {
    reportFailure(tr("Triage"), tr("A triage analysis is still running"));
    return;
  }
  m_triageView->setBusy(true);
  m_phase->setText(captures.isEmpty() ? tr("Reading the triage store…") : tr("Analysing captures…"));
  showJobProgress(m_triageJob.get());
  showPage(QStringLiteral("triage"));
}

void MainWindow::openMethodTrace(const QString& path, const QString& mappingPath) {
  const QString absolute = QFileInfo(path).absoluteFilePath();
  if (m_traceJob) hideJobProgress(m_traceJob.get());
  m_traceJob = std::make_unique<MethodTraceJob>(absolute, m_settings.thresholds.evilMethodMs, mappingPath);
  connect(m_traceJob.get(), &MethodTraceJob::loaded, this, [this](std::shared_ptr<const MethodTraceDocument> document) {
    hideJobProgress(m_traceJob.get());
    if (m_traceView) {
      m_stack->removeWidget(m_traceView);
      m_traceView->deleteLater();
    }
    m_traceView = new MethodTraceView(document);
    connect(m_traceView, &MethodTraceView::mappingChosen, this,
            [this, trace = document->path](const QString& mapping) { openMethodTrace(trace, mapping); });
    m_stack->addWidget(m_traceView);
    m_stack->setCurrentWidget(m_traceView);
    setWindowTitle(tr("%1 — Matrix Inspector").arg(QFileInfo(document->path).fileName()));
    m_phase->setText(tr("%1: %2 events read and judged in %3 s; %4 issue(s)")
                         .arg(QFileInfo(document->path).fileName())
                         .arg(document->trace.records)
                         .arg(document->loadSeconds, 0, 'f', 2)
                         .arg(document->report.issues.size()));
    emit traceOpened();
  });
  connect(m_traceJob.get(), &MethodTraceJob::failed, this, [this](const QString& message) {
    hideJobProgress(m_traceJob.get());
    if (message == QLatin1String("Cancelled")) {
      m_phase->setText(message);
      emit openFailed(message);
      return;
    }
    reportFailure(tr("Cannot open the method trace"), message);
  });
  m_phase->setText(tr("Opening %1…").arg(QFileInfo(absolute).fileName()));
  showJobProgress(m_traceJob.get());
  rememberRecent(absolute);
  m_traceJob->start();
}

void MainWindow::openDump(const QString& path) {
  if (m_job) return;  // one load at a time
  const QString absolute = QFileInfo(path).absoluteFilePath();
  m_job = std::make_unique<HeapLoadJob>(
      absolute, HeapLoadOptions{m_settings.excludedHeapNames(), m_settings.knownReferencesFile.toStdString()});
  m_openClock.start();
  m_loadingBrowser = nullptr;
  connect(m_job.get(), &HeapLoadJob::progress, this, [this](const QString& phase, int permille) {
    if (m_loadingBrowser) m_loadingBrowser->showProgress(phase, permille);
  });
  connect(m_job.get(), &HeapLoadJob::indexed, this, &MainWindow::indexed);
  connect(m_job.get(), &HeapLoadJob::stageReady, this, [this](HeapStage stage) {
    if (!m_loadingBrowser) return;
    m_loadingBrowser->apply(stage);
    emit heapStageShown(stage);
    if (stage == HeapStage::kLeaksFound) noteMilestone("leaks-ready");
    if (stage == HeapStage::kRetained) {
      noteMilestone("retained-ready");
      noteMilestone("dominators-ready");
    }
  });
  connect(m_job.get(), &HeapLoadJob::finished, this, &MainWindow::loaded);
  connect(m_job.get(), &HeapLoadJob::failed, this, &MainWindow::failed);
  m_phase->setText(tr("Opening %1…").arg(QFileInfo(absolute).fileName()));
  showJobProgress(m_job.get());
  rememberRecent(absolute);
  m_job->start();
}

// The index exists: the browser opens with Summary and Classes, the other tabs computing.
void MainWindow::indexed(std::shared_ptr<HeapDocument> document) {
  noteMilestone("index-ready");
  setWindowTitle(tr("%1 — Matrix Inspector").arg(QFileInfo(document->path).fileName()));
  if (m_browser) {
    m_stack->removeWidget(m_browser);
    m_browser->deleteLater();
  }
  m_browser = new HeapBrowser(std::move(document));
  m_loadingBrowser = m_browser;
  if (!m_focusLeak.isEmpty() || m_focusObject) {
    m_browser->focus(m_focusLeak, core::hprof::ObjectId{m_focusObject});
    m_focusLeak.clear();
    m_focusObject = 0;
  }
  connect(m_browser, &HeapBrowser::cancelRequested, this, [this] {
    if (m_job) m_job->cancel();
  });
  m_stack->addWidget(m_browser);
  m_stack->setCurrentWidget(m_browser);
  noteMilestone("summary-ready");
  noteMilestone("classes-ready");
  emit dumpOpened();
}

void MainWindow::loaded(std::shared_ptr<HeapDocument> document) {
  hideJobProgress(m_job.get());
  m_job.reset();
  m_loadingBrowser = nullptr;
  m_phase->setText(tr("%1: opened and analysed in %2 s")
                       .arg(QFileInfo(document->path).fileName())
                       .arg(document->loadSeconds, 0, 'f', 2));
  emit dumpLoaded();
}

void MainWindow::noteMilestone(const char* name) {
  // MXI_GUI_TIMINGS=FILE: "NAME MS" per milestone, ms since the open began (tests/bench reads it).
  const QByteArray file = qgetenv("MXI_GUI_TIMINGS");
  if (file.isEmpty()) return;
  QFile out(QString::fromLocal8Bit(file));
  if (out.open(QIODevice::Append | QIODevice::Text)) {
    out.write(
        QStringLiteral("%1 %2\n").arg(QLatin1String(name)).arg(m_openClock.nsecsElapsed() / 1e6, 0, 'f', 1).toUtf8());
  }
}

void MainWindow::failed(const QString& message) {
  hideJobProgress(m_job.get());
  m_job.reset();
  if (m_loadingBrowser) {
    // What was computed stays usable; the tabs still waiting say why they will not fill in.
    m_loadingBrowser->stopPending(message == QLatin1String("Cancelled") ? tr("cancelled") : message);
    m_loadingBrowser = nullptr;
  }
  if (message == QLatin1String("Cancelled")) {
    m_phase->setText(message);
    emit openFailed(message);
    return;
  }
  reportFailure(tr("Cannot open the dump"), message);
}

void MainWindow::reportFailure(const QString& title, const QString& message) {
  m_phase->setText(message);
  emit openFailed(message);
  if (isVisible()) QMessageBox::warning(this, title, message);
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
