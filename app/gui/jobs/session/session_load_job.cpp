#include "app/gui/jobs/session/session_load_job.h"

#include <QFileInfo>

#include "app/gui/jobs/session/capture_import.h"
#include "app/gui/settings/mapping_files.h"
#include "core/analysis/heap_names.h"
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

SessionLoadJob::SessionLoadJob(QString sessionPath, Load load, QList<AppMapping> mappings, QString mappingFile)
    : WorkerJob(QFileInfo(sessionPath).fileName()),
      m_sessionPath(std::move(sessionPath)),
      m_load(std::move(load)),
      m_mappings(std::move(mappings)),
      m_mappingFile(std::move(mappingFile)) {}

std::unique_ptr<SessionLoadJob> SessionLoadJob::opening(const QString& path, QList<AppMapping> mappings,
                                                        const QString& mappingFile) {
  return std::unique_ptr<SessionLoadJob>(new SessionLoadJob(
      path,
      [path, mappings](core::ProgressSink& progress, const core::CancelToken& cancel) {
        return loadSessionFile(path, mappings, progress, cancel);
      },
      mappings, mappingFile));  // a copy: the lambda's capture and this argument are not sequenced
}

std::unique_ptr<SessionLoadJob> SessionLoadJob::importing(const CaptureFiles& captures, const QString& sessionPath,
                                                          QList<AppMapping> mappings) {
  return std::unique_ptr<SessionLoadJob>(new SessionLoadJob(
      sessionPath,
      [captures, sessionPath, mappings](core::ProgressSink& progress, const core::CancelToken& cancel) {
        return importCaptureSession(captures, sessionPath, mappings, progress, cancel);
      },
      mappings, QString()));
}

namespace {

// The versionCode a session records (its header's extras), empty when it does not say.
std::string sessionVersionCode(const core::session::SessionHeader& header) {
  for (const auto& [key, value] : header.extras) {
    if (key == "versionCode") return value;
  }
  return {};
}

}  // namespace

void SessionLoadJob::start() {
  startWork([this, load = m_load, mappings = m_mappings, mappingFile = m_mappingFile](
                core::ProgressSink& progress, const core::CancelToken& cancel) -> core::Status {
    ASSIGN_OR_RETURN(auto data, load(progress, cancel));
    QString file = mappingFile;
    if (file.isEmpty()) {
      const AppMapping* entry = findAppMapping(mappings, data->header.app, sessionVersionCode(data->header));
      if (entry) file = entry->proguardMapping;
    }
    std::shared_ptr<const core::mapping::R8Mapping> stackMapping;
    QString error;
    if (!file.isEmpty()) {
      auto read = core::analysis::loadMappingFile(file.toStdString());
      if (read.ok())
        stackMapping = *read;
      else
        error = QString::fromStdString(read.status().message());
    }
    deliver([this, data = std::move(data), stackMapping, file, error] {
      m_stackMapping = stackMapping;
      m_stackMappingPath = stackMapping ? file : QString();
      m_stackMappingError = error;
      emit loaded(data);
    });
    return core::okStatus();
  });
}

}  // namespace mxi::gui
