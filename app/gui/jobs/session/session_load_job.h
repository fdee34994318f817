// Opening a session for the desktop app, as a job (WorkerJob: progress, Cancel, failed()): a
// `.mxs` file, or raw captures imported into one first (capture_import.h). Evil-method call trees
// are named with the method mappings the user set for the session's app (Settings), the same for
// a session and for the baseline it is compared with; its R8/ProGuard mapping (Settings' entry for
// the app and version, or Apply mapping…'s file) is read for the views to retrace stacks with.
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
#include "core/mapping/r8_mapping.h"
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
  // Opens `path`; `mappingFile` (Apply mapping…) retraces its stacks whatever its app.
  static std::unique_ptr<SessionLoadJob> opening(const QString& path, QList<AppMapping> mappings,
                                                 const QString& mappingFile = {});
  // Imports `captures` into `sessionPath`, then opens it.
  static std::unique_ptr<SessionLoadJob> importing(const CaptureFiles& captures, const QString& sessionPath,
                                                   QList<AppMapping> mappings);
  const QString& sessionPath() const { return m_sessionPath; }
  void start();
  // Once loaded(): the R8/ProGuard mapping for the session's stacks (null: none), its file, and
  // why a file named could not be used (the session opens anyway, stacks as recorded).
  const std::shared_ptr<const core::mapping::R8Mapping>& stackMapping() const { return m_stackMapping; }
  const QString& stackMappingPath() const { return m_stackMappingPath; }
  const QString& stackMappingError() const { return m_stackMappingError; }

 signals:
  void loaded(std::shared_ptr<const mxi::core::session::SessionData> session);

 private:
  using Load = std::function<LoadedSession(core::ProgressSink& progress, const core::CancelToken& cancel)>;
  SessionLoadJob(QString sessionPath, Load load, QList<AppMapping> mappings, QString mappingFile);
  QString m_sessionPath;
  Load m_load;
  QList<AppMapping> m_mappings;
  QString m_mappingFile;
  std::shared_ptr<const core::mapping::R8Mapping> m_stackMapping;
  QString m_stackMappingPath, m_stackMappingError;
};

}  // namespace mxi::gui
