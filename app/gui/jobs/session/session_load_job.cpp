#include "app/gui/jobs/session/session_load_job.h"

#include <QFileInfo>

#include "app/gui/jobs/session/capture_import.h"
#include "app/gui/settings/mapping_files.h"
#include "core/session/session_reader.h"

namespace mxi::gui {

LoadedSession loadSessionFile(const QString& path, const QList<AppMapping>& mappings, core::ProgressSink& progress,
                              const core::CancelToken& cancel) {
  ASSIGN_OR_RETURN(auto reader, core::session::SessionReader::open(path.toStdString()));
  std::shared_ptr<const core::matrix::MethodMapping> mapping;
  if (const AppMapping* files = findAppMapping(mappings, reader->header().app)) {
    ASSIGN_OR_RETURN(mapping, core::withContext(loadMappingFiles(*files), "method mapping of " + reader->header().app));
  }
  return core::session::loadSession(*reader, progress, cancel, mapping.get());
}

LoadedSession loadSessionFile(const QString& path, const QList<AppMapping>& mappings) {
  core::NullProgress progress;
  const core::CancelToken cancel;
  return loadSessionFile(path, mappings, progress, cancel);
}

SessionLoadJob::SessionLoadJob(QString sessionPath, Load load)
    : WorkerJob(QFileInfo(sessionPath).fileName()), m_sessionPath(std::move(sessionPath)), m_load(std::move(load)) {}

std::unique_ptr<SessionLoadJob> SessionLoadJob::opening(const QString& path, QList<AppMapping> mappings) {
  return std::unique_ptr<SessionLoadJob>(new SessionLoadJob(
      path, [path, mappings = std::move(mappings)](core::ProgressSink& progress, const core::CancelToken& cancel) {
        return loadSessionFile(path, mappings, progress, cancel);
      }));
}

std::unique_ptr<SessionLoadJob> SessionLoadJob::importing(const CaptureFiles& captures, const QString& sessionPath,
                                                          QList<AppMapping> mappings) {
  return std::unique_ptr<SessionLoadJob>(
      new SessionLoadJob(sessionPath, [captures, sessionPath, mappings = std::move(mappings)](
                                          core::ProgressSink& progress, const core::CancelToken& cancel) {
        return importCaptureSession(captures, sessionPath, mappings, progress, cancel);
      }));
}

void SessionLoadJob::start() {
  startWork([this, load = m_load](core::ProgressSink& progress, const core::CancelToken& cancel) -> core::Status {
    ASSIGN_OR_RETURN(auto data, load(progress, cancel));
    deliver([this, data = std::move(data)] { emit loaded(data); });
    return core::okStatus();
  });
}

}  // namespace mxi::gui
