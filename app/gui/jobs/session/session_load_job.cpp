#include "app/gui/jobs/session/session_load_job.h"

#include <QFileInfo>

#include "app/gui/jobs/session/capture_import.h"
#include "app/gui/settings/mapping_files.h"
#include "core/session/session_reader.h"

namespace mxi::gui {

LoadedSession loadSessionFile(const QString& path, const QList<AppMapping>& mappings, core::ProgressSink& progress,
                              const core::CancelToken& cancel) {
  auto reader = core::session::SessionReader::open(path.toStdString());
  if (!reader.ok()) return reader.status();
  std::shared_ptr<const core::matrix::MethodMapping> mapping;
  if (const AppMapping* files = findAppMapping(mappings, (*reader)->header().app)) {
    auto loaded = loadMappingFiles(*files);
    if (!loaded.ok()) return loaded.status().withContext("method mapping of " + (*reader)->header().app);
    mapping = std::move(*loaded);
  }
  return core::session::loadSession(**reader, progress, cancel, mapping.get());
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
    LoadedSession session = load(progress, cancel);
    if (!session.ok()) return session.status();
    deliver([this, data = std::move(session).value()] { emit loaded(data); });
    return core::okStatus();
  });
}

}  // namespace mxi::gui
