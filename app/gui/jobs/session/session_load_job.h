// Opening a session for the desktop app, as a job (WorkerJob: progress, Cancel, failed()): a
// `.mxs` file, or raw captures imported into one first (capture_import.h). Evil-method call trees
// are named with the method mappings the user set for the session's app (Settings), the same for
// a session and for the baseline it is compared with.
#pragma once

#include <QList>
#include <QString>
#include <functional>
#include <memory>

#include "app/gui/jobs/worker_job.h"
#include "app/gui/settings/settings.h"
#include "core/base/cancel_token.h"
#include "core/base/progress.h"
#include "core/base/status.h"
#include "core/session/session_data.h"

namespace mxi::gui {

struct CaptureFiles;

using LoadedSession = core::StatusOr<std::shared_ptr<const core::session::SessionData>>;

// Opens and decodes a .mxs file on the calling thread (house rule T1; the job runs it).
LoadedSession loadSessionFile(const QString& path, const QList<AppMapping>& mappings, core::ProgressSink& progress,
                              const core::CancelToken& cancel);
LoadedSession loadSessionFile(const QString& path, const QList<AppMapping>& mappings = {});

class SessionLoadJob : public WorkerJob {
  Q_OBJECT
 public:
  // Opens `path`.
  static std::unique_ptr<SessionLoadJob> opening(const QString& path, QList<AppMapping> mappings);
  // Imports `captures` into `sessionPath`, then opens it.
  static std::unique_ptr<SessionLoadJob> importing(const CaptureFiles& captures, const QString& sessionPath,
                                                   QList<AppMapping> mappings);
  const QString& sessionPath() const { return m_sessionPath; }
  void start();

 signals:
  void loaded(std::shared_ptr<const mxi::core::session::SessionData> session);

 private:
  using Load = std::function<LoadedSession(core::ProgressSink& progress, const core::CancelToken& cancel)>;
  SessionLoadJob(QString sessionPath, Load load);
  QString m_sessionPath;
  Load m_load;
};

}  // namespace mxi::gui
