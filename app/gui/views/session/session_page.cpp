#include "app/gui/views/session/session_page.h"

#include <QAction>
#include <QFileDialog>
#include <QFileInfo>
#include <QTemporaryDir>

#include "app/gui/jobs/session/session_load_job.h"
#include "app/gui/views/session/session_view.h"
#include "core/startup/startup_session.h"

namespace mxi::gui {

SessionPage::SessionPage(const Settings& settings, QWidget* parent)
    : Page(settings, parent),
      m_openAction(new QAction(tr("Open &session…"), this)),
      m_capturesAction(new QAction(tr("Open device &captures…"), this)),
      m_applyMappingAction(new QAction(tr("Apply mapping to the session…"), this)) {
  m_applyMappingAction->setEnabled(false);
  connect(m_applyMappingAction, &QAction::triggered, this, [this] {
    const QString path = QFileDialog::getOpenFileName(this, tr("R8/ProGuard mapping"), QString(),
                                                      tr("Mappings (mapping*.txt *.txt);;All files (*)"));
    if (!path.isEmpty()) applyMapping(path);
  });
  connect(m_openAction, &QAction::triggered, this, [this] {
    const QString path =
        QFileDialog::getOpenFileName(this, tr("Open session"), QString(), tr("Sessions (*.mxs);;All files (*)"));
    if (!path.isEmpty()) openSession(path);
  });
  connect(m_capturesAction, &QAction::triggered, this, [this] {
    const QStringList paths = QFileDialog::getOpenFileNames(this, tr("Open device captures"), QString(),
                                                            tr("Captures (*.txt *.log *.json *.jsonl);;All files (*)"));
    if (!paths.isEmpty()) emit openRequested(paths);  // a session or a dump among them opens as one
  });
}

SessionPage::~SessionPage() = default;

LiveDashboard* SessionPage::dashboard() const { return m_view ? m_view->dashboard() : nullptr; }

void SessionPage::setThresholds(const core::live::LiveThresholds& thresholds) {
  if (m_view) m_view->setThresholds(thresholds);
}

void SessionPage::openSession(const QString& path) {
  const QString absolute = QFileInfo(path).absoluteFilePath();
  emit fileOpened(absolute);
  const QString name = QFileInfo(absolute).fileName();
  emit statusChanged(tr("Opening %1…").arg(name));
  load(SessionLoadJob::opening(absolute, settings().mappings), tr("Session %1").arg(name));
}

void SessionPage::applyMapping(const QString& mappingFile) {
  if (!m_view) return;
  const QString name = QFileInfo(m_view->path()).fileName();
  load(SessionLoadJob::opening(m_view->path(), settings().mappings, QFileInfo(mappingFile).absoluteFilePath()),
       tr("Session %1").arg(name));
}

void SessionPage::openCaptures(const CaptureFiles& files) {
  QStringList names;
  for (const QString& p : {files.framestats, files.issues, files.anr, files.methodMapping}) {
    if (!p.isEmpty()) names << QFileInfo(p).fileName();
  }
  // Core's import writes a scratch session file next to the others of this page.
  if (!m_captureSessions) m_captureSessions = std::make_unique<QTemporaryDir>();
  const QString first = QFileInfo(names.isEmpty() ? QStringLiteral("captures") : names.first()).completeBaseName();
  const QString sessionPath =
      m_captureSessions->filePath(QStringLiteral("%1-%2.mxs").arg(first).arg(++m_captureImports));
  emit statusChanged(tr("Importing %1…").arg(names.join(QStringLiteral(", "))));
  load(SessionLoadJob::importing(files, sessionPath, settings().mappings),
       tr("Session from %1").arg(names.join(QStringLiteral(", "))));
}

void SessionPage::load(std::unique_ptr<SessionLoadJob> job, const QString& label) {
  // Only the latest open shows: a session still loading is cancelled, and its result dropped.
  m_job = std::move(job);
  SessionLoadJob* loading = m_job.get();
  connect(loading, &SessionLoadJob::loaded, this,
          [this, loading, label](std::shared_ptr<const core::session::SessionData> session) {
            const QString path = loading->sessionPath();
            // What the job read, before it goes.
            const auto stackMapping = loading->stackMapping();
            QString note;
            if (!loading->stackMappingError().isEmpty())
              note = tr("Stacks as recorded: the mapping could not be used: %1").arg(loading->stackMappingError());
            else if (stackMapping)
              note = tr("Stacks retraced through %1").arg(QFileInfo(loading->stackMappingPath()).fileName());
            emit jobEnded(loading);
            m_job.reset();
            if (core::startup::hasStartupRuns(*session)) {
              emit startupRunsLoaded(path, session);
              return;
            }
            // One session view at a time.
            auto* view = new SessionView(path, std::move(session), settings().thresholds, settings().mappings);
            view->setStackMapping(stackMapping, note);
            replaceView(m_view, view);
            m_view = view;
            m_applyMappingAction->setEnabled(true);
            emit showRequested(tr("%1 — Matrix Inspector").arg(label));
            emit statusChanged(label);
            emit sessionOpened();
          });
  connect(loading, &SessionLoadJob::failed, this, [this, loading](const QString& message) {
    emit jobEnded(loading);
    m_job.reset();
    emit failed(message == QLatin1String("Cancelled") ? QString() : tr("Cannot open the session"), message);
  });
  emit jobStarted(loading);
  loading->start();
}

}  // namespace mxi::gui
