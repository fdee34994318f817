#include "app/gui/views/startup/startup_page.h"

#include <QAction>
#include <QFileDialog>
#include <QFileInfo>
#include <QHBoxLayout>
#include <QLabel>
#include <QProgressBar>
#include <QPushButton>
#include <algorithm>
#include <utility>

#include "app/gui/jobs/session/session_load_job.h"
#include "app/gui/jobs/startup/startup_run_job.h"
#include "app/gui/views/startup/startup_view.h"
#include "core/startup/startup_session.h"
#include "core/startup/startup_verdict.h"

namespace mxi::gui {

StartupPage::StartupPage(const Settings& settings, QWidget* parent)
    : Page(settings, parent),
      m_runAction(new QAction(tr("Run &launches…"), this)),
      m_baselineAction(new QAction(tr("Load &baseline…"), this)),
      m_saveAction(new QAction(tr("Save &runs…"), this)),
      m_runningRow(new QWidget),
      m_phase(new QLabel),
      m_progress(new QProgressBar),
      m_cancel(new QPushButton(tr("Cancel"))) {
  m_runAction->setToolTip(tr("Launch an app N times (cold, warm or hot) and measure each launch from the outside"));
  m_baselineAction->setToolTip(tr("Compare the runs shown with the startup runs of a session file"));
  m_saveAction->setToolTip(tr("Write the runs shown to a session file (a baseline for later runs)"));
  m_cancel->setObjectName(QStringLiteral("startupCancel"));
  m_cancel->setToolTip(tr("Stop after the launch under way; the runs measured so far are kept"));
  m_progress->setRange(0, 1000);
  auto* row = new QHBoxLayout(m_runningRow);
  row->addWidget(m_phase, 1);
  row->addWidget(m_progress, 1);
  row->addWidget(m_cancel);
  m_runningRow->hide();
  replaceView(nullptr, m_runningRow);  // the row stays above whichever view shows
  updateActions();

  connect(m_cancel, &QPushButton::clicked, this, [this] {
    if (m_runJob) m_runJob->cancel();
    m_phase->setText(tr("Stopping after the launch under way…"));
  });
  connect(m_baselineAction, &QAction::triggered, this, [this] {
    const QString path = QFileDialog::getOpenFileName(this, tr("Baseline startup runs"), QString(),
                                                      tr("Sessions (*.mxs);;All files (*)"));
    if (!path.isEmpty()) loadBaseline(path);
  });
  connect(m_saveAction, &QAction::triggered, this, [this] {
    const QString suggested =
        m_report ? QString::fromStdString(m_report->package) + QStringLiteral("-startup.mxs") : QString();
    const QString path =
        QFileDialog::getSaveFileName(this, tr("Save startup runs"), suggested, tr("Sessions (*.mxs);;All files (*)"));
    if (!path.isEmpty()) saveRuns(path);
  });
}

StartupPage::~StartupPage() = default;

void StartupPage::updateActions() {
  m_baselineAction->setEnabled(m_report != nullptr);
  m_saveAction->setEnabled(m_report != nullptr);
}

void StartupPage::chooseLaunches(const QList<DeviceChoice>& devices, int preferred, const QString& package) {
  if (isRunning()) {
    emit showRequested(QString());
    return;
  }
  RunLaunchesDialog dialog(devices, preferred, package, this);
  if (dialog.exec() == QDialog::Accepted) runLaunches(dialog.request());
}

void StartupPage::runLaunches(const LaunchRequest& request) {
  if (isRunning()) return;
  if (m_runJob) emit jobEnded(m_runJob.get());
  m_runJob = std::make_unique<StartupRunJob>(request.device, request.options);
  m_pendingBaseline = request.baseline;
  StartupRunJob* job = m_runJob.get();
  const QString label = request.deviceLabel;
  connect(job, &WorkerJob::progress, this, [this](const QString& phase, int permille) {
    m_phase->setText(phase);
    m_progress->setValue(permille);
  });
  connect(job, &StartupRunJob::measured, this,
          [this, job, label](std::shared_ptr<const core::startup::StartupReport> report) {
            m_running = false;
            emit jobEnded(job);
            m_runningRow->hide();
            show(*report, label);
            if (!m_pendingBaseline.isEmpty()) loadBaseline(std::exchange(m_pendingBaseline, QString()));
          });
  connect(job, &WorkerJob::failed, this, [this, job](const QString& message) {
    m_running = false;
    emit jobEnded(job);
    m_runningRow->hide();
    emit failed(message == QLatin1String("Cancelled") ? QString() : tr("Cannot run the launches"), message);
  });
  const QString package = QString::fromStdString(request.options.package);
  m_phase->setText(tr("Launching %1…").arg(package));
  m_progress->setValue(0);
  m_runningRow->show();
  m_running = true;
  emit statusChanged(
      tr("Launching %1 %2 times (%3)…")
          .arg(package)
          .arg(request.options.runs + 1)
          .arg(QString::fromStdString(std::string(core::startup::launchModeName(request.options.mode)))));
  emit jobStarted(job);
  emit showRequested(tr("Startup of %1 — Matrix Inspector").arg(package));
  job->start();
}

void StartupPage::show(core::startup::StartupReport report, const QString& deviceLabel) {
  m_device = deviceLabel;
  report.verdict.reset();
  // A baseline stays beside new runs of the same app and mode only.
  if (m_baseline && (m_baseline->package != report.package || m_baseline->mode != report.mode)) {
    m_baseline.reset();
    m_baselinePath.clear();
  }
  if (m_baseline)
    report.verdict = core::startup::compareRuns(m_baseline->runs, report.runs, m_baselinePath.toStdString());
  m_report = std::make_shared<const core::startup::StartupReport>(std::move(report));
  rebuildView();
  updateActions();
  const auto counted = std::ranges::count_if(m_report->runs, [](const auto& r) { return r.counted; });
  emit statusChanged(tr("%1: %2 counted of %3 launches%4")
                         .arg(QString::fromStdString(m_report->package))
                         .arg(counted)
                         .arg(m_report->runs.size())
                         .arg(m_report->stoppedBy.empty()
                                  ? QString()
                                  : tr(" (stopped early: %1)").arg(QString::fromStdString(m_report->stoppedBy))));
  emit showRequested(tr("Startup of %1 — Matrix Inspector").arg(QString::fromStdString(m_report->package)));
  emit runsShown();
}

void StartupPage::rebuildView() {
  auto* view = new StartupView(m_report, m_baseline);
  replaceView(m_view, view);
  m_view = view;
}

void StartupPage::showSession(const QString& path, const std::shared_ptr<const core::session::SessionData>& session) {
  auto report = core::startup::startupReportOf(*session, path.toStdString());
  if (!report.ok()) {
    emit failed(tr("Cannot open the startup runs"), QString::fromStdString(report.status().toString()));
    return;
  }
  emit fileOpened(path);
  show(std::move(*report), QString::fromStdString(session->header.device));
}

void StartupPage::loadBaseline(const QString& path) {
  if (!m_report) return;
  const QString absolute = QFileInfo(path).absoluteFilePath();
  if (m_baselineJob) emit jobEnded(m_baselineJob.get());
  m_baselineJob = SessionLoadJob::opening(absolute, settings().mappings);
  SessionLoadJob* job = m_baselineJob.get();
  connect(job, &SessionLoadJob::loaded, this,
          [this, job, absolute](std::shared_ptr<const core::session::SessionData> session) {
            emit jobEnded(job);
            auto baseline = core::startup::startupReportOf(*session, absolute.toStdString());
            if (!baseline.ok()) {
              emit failed(tr("Cannot load the baseline"), QString::fromStdString(baseline.status().toString()));
              return;
            }
            setBaseline(std::make_shared<const core::startup::StartupReport>(std::move(*baseline)), absolute);
          });
  connect(job, &SessionLoadJob::failed, this, [this, job](const QString& message) {
    emit jobEnded(job);
    emit failed(message == QLatin1String("Cancelled") ? QString() : tr("Cannot load the baseline"), message);
  });
  emit statusChanged(tr("Loading the baseline %1…").arg(QFileInfo(absolute).fileName()));
  emit jobStarted(job);
  job->start();
}

void StartupPage::setBaseline(std::shared_ptr<const core::startup::StartupReport> baseline, const QString& path) {
  m_baseline = std::move(baseline);
  m_baselinePath = path;
  core::startup::StartupReport report = *m_report;
  report.verdict = core::startup::compareRuns(m_baseline->runs, report.runs, path.toStdString());
  m_report = std::make_shared<const core::startup::StartupReport>(std::move(report));
  rebuildView();
  emit statusChanged(m_view->verdictText());
  emit baselineShown();
}

bool StartupPage::saveRuns(const QString& path) {
  if (!m_report) return false;
  const core::Status status = core::startup::writeStartupSession(path.toStdString(), *m_report, m_device.toStdString());
  if (!status.ok()) {
    emit failed(tr("Cannot save the runs"), QString::fromStdString(status.toString()));
    return false;
  }
  emit fileOpened(QFileInfo(path).absoluteFilePath());
  emit statusChanged(tr("Saved %1 runs to %2").arg(m_report->runs.size()).arg(QFileInfo(path).fileName()));
  return true;
}

}  // namespace mxi::gui
