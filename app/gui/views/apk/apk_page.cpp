#include "app/gui/views/apk/apk_page.h"

#include <QAction>
#include <QFileDialog>
#include <QFileInfo>
#include <QTemporaryDir>

#include "app/gui/jobs/apk/apk_check_job.h"
#include "app/gui/jobs/apk/apk_diff_job.h"
#include "app/gui/jobs/apk/apk_pull_job.h"
#include "app/gui/models/format.h"
#include "app/gui/views/apk/apk_diff_view.h"
#include "app/gui/views/apk/apk_view.h"

namespace mxi::gui {

namespace {

QStringList chooseApks(QWidget* parent, const QString& title) {
  return QFileDialog::getOpenFileNames(parent, title, QString(),
                                       QObject::tr("Android packages (*.apk);;All files (*)"));
}

}  // namespace

ApkPage::ApkPage(const Settings& settings, QWidget* parent)
    : Page(settings, parent),
      m_openAction(new QAction(tr("Open &APK…"), this)),
      m_compareAction(new QAction(tr("Compare A&PK…"), this)) {
  m_openAction->setToolTip(tr("An APK, or a base APK with its splits chosen together"));
  m_compareAction->setEnabled(false);
  connect(m_openAction, &QAction::triggered, this, [this] {
    const QStringList paths = chooseApks(this, tr("Open APK (several: a base and its splits)"));
    if (!paths.isEmpty()) openApk(paths);
  });
  connect(m_compareAction, &QAction::triggered, this, &ApkPage::chooseBaseline);
}

ApkPage::~ApkPage() = default;

void ApkPage::chooseBaseline() {
  if (!m_view) return;
  const QStringList paths = chooseApks(this, tr("Compare with the baseline APK (the older build)"));
  if (!paths.isEmpty()) compareWith(paths);
}

void ApkPage::openApk(const QStringList& paths) {
  if (m_job && m_job->isRunning()) return;
  QStringList absolute;
  for (const QString& p : paths) absolute << QFileInfo(p).absoluteFilePath();
  if (m_job) emit jobEnded(m_job.get());
  m_job = std::make_unique<ApkCheckJob>(absolute);
  connect(m_job.get(), &ApkCheckJob::checked, this, [this](std::shared_ptr<const ApkDocument> document) {
    emit jobEnded(m_job.get());
    auto* view = new ApkView(document);
    connect(view, &ApkView::compareRequested, this, &ApkPage::chooseBaseline);
    replaceView(m_view, view);
    m_view = view;
    m_compareAction->setEnabled(true);
    emit showRequested(tr("%1 — Matrix Inspector").arg(QString::fromStdString(document->report.package)));
    emit statusChanged(tr("%1: %2 tasks in %3 s%4")
                           .arg(QString::fromStdString(document->report.package))
                           .arg(document->report.tasks.size())
                           .arg(document->checkSeconds, 0, 'f', 2)
                           .arg(document->report.partial() ? tr("; some parts could not be read") : QString()));
    emit apkOpened();
  });
  connect(m_job.get(), &ApkCheckJob::failed, this, [this](const QString& message) {
    emit jobEnded(m_job.get());
    emit failed(message == QLatin1String("Cancelled") ? QString() : tr("Cannot check the APK"), message);
  });
  emit statusChanged(tr("Checking %1…").arg(QFileInfo(absolute.front()).fileName()));
  emit jobStarted(m_job.get());
  for (const QString& p : absolute) emit fileOpened(p);
  m_job->start();
}

void ApkPage::checkFromDevice(const core::adb::DeviceSelection& device, const QString& package) {
  if ((m_pullJob && m_pullJob->isRunning()) || (m_job && m_job->isRunning())) return;
  auto scratch = std::make_unique<QTemporaryDir>();
  if (!scratch->isValid()) {
    emit failed(tr("Cannot check the APK"), tr("%1: no scratch folder for its APKs").arg(package));
    return;
  }
  if (m_pullJob) emit jobEnded(m_pullJob.get());
  m_pullJob = std::make_unique<ApkPullJob>(device, package, scratch->path());
  connect(m_pullJob.get(), &ApkPullJob::pulled, this, [this](const QStringList& paths) {
    emit jobEnded(m_pullJob.get());
    openApk(paths);
  });
  connect(m_pullJob.get(), &ApkPullJob::failed, this, [this](const QString& message) {
    emit jobEnded(m_pullJob.get());
    emit failed(message == QLatin1String("Cancelled") ? QString() : tr("Cannot pull the APK"), message);
  });
  m_pulled = std::move(scratch);
  emit statusChanged(tr("Pulling %1's APKs…").arg(package));
  emit jobStarted(m_pullJob.get());
  m_pullJob->start();
}

void ApkPage::compareWith(const QStringList& baseline) {
  if (!m_view || (m_diffJob && m_diffJob->isRunning())) return;
  QStringList absolute;
  for (const QString& p : baseline) absolute << QFileInfo(p).absoluteFilePath();
  if (m_diffJob) emit jobEnded(m_diffJob.get());
  m_diffJob = std::make_unique<ApkDiffJob>(absolute, m_view->document().package);
  connect(m_diffJob.get(), &ApkDiffJob::diffed, this, [this](std::shared_ptr<const core::apkcheck::ApkDiff> diff) {
    emit jobEnded(m_diffJob.get());
    if (!m_view) return;
    m_view->showComparison(new ApkDiffView(diff));
    emit statusChanged(tr("%1 → %2: download %3")
                           .arg(QString::fromStdString(diff->oldLabel), QString::fromStdString(diff->newLabel),
                                humanBytes(diff->newDownload)));
    emit compared();
  });
  connect(m_diffJob.get(), &ApkDiffJob::failed, this, [this](const QString& message) {
    emit jobEnded(m_diffJob.get());
    emit failed(message == QLatin1String("Cancelled") ? QString() : tr("Cannot compare the APKs"), message);
    emit compareFailed(message);
  });
  emit statusChanged(tr("Comparing with %1…").arg(QFileInfo(absolute.front()).fileName()));
  emit jobStarted(m_diffJob.get());
  m_diffJob->start();
}

}  // namespace mxi::gui
