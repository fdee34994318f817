#include "app/gui/jobs/trace/method_trace_job.h"

#include <QElapsedTimer>
#include <QFile>
#include <memory>

#include "core/hprof/dump_source.h"

namespace mxi::gui {

namespace {

core::StatusOr<std::unique_ptr<core::mapping::R8Mapping>> readMapping(const QString& path) {
  QFile file(path);
  if (!file.open(QIODevice::ReadOnly)) return core::ioError(path.toStdString() + ": cannot read it");
  const QByteArray text = file.readAll();
  ASSIGN_OR_RETURN(auto parsed, core::withContext(core::mapping::R8Mapping::parse(std::string_view(
                                                      text.constData(), static_cast<size_t>(text.size()))),
                                                  path.toStdString()));
  return std::make_unique<core::mapping::R8Mapping>(std::move(parsed));
}

}  // namespace

MethodTraceJob::MethodTraceJob(QString path, int64_t evilMethodMs, QString mappingPath, QObject* parent)
    : WorkerJob(path, parent),
      m_path(std::move(path)),
      m_evilMethodMs(evilMethodMs),
      m_mappingPath(std::move(mappingPath)) {}

void MethodTraceJob::start() {
  const QString path = m_path;
  const int64_t evilMs = m_evilMethodMs;
  const QString mappingPath = m_mappingPath;
  startWork(
      [this, path, evilMs, mappingPath](core::ProgressSink& progress, const core::CancelToken& cancel) -> core::Status {
        std::unique_ptr<core::mapping::R8Mapping> mapping;
        if (!mappingPath.isEmpty()) {
          ASSIGN_OR_RETURN(mapping, readMapping(mappingPath));
        }
        QElapsedTimer clock;
        clock.start();
        progress.report("reading the trace", 0);
        ASSIGN_OR_RETURN(auto source, core::hprof::openDump(path.toStdString(), {}, progress, cancel));
        const std::string_view bytes(reinterpret_cast<const char*>(source->bytes().data()), source->bytes().size());
        auto release = [&](uint64_t upTo) {
          source->release(0, upTo);
          progress.report("rebuilding calls",
                          static_cast<int>(core::ProgressSink::kMax * upTo / std::max<size_t>(bytes.size(), 1)));
        };
        ASSIGN_OR_RETURN(auto read, core::methodtrace::readMethodTrace(bytes, release));
        if (cancel.isCancelled()) return core::cancelled();
        auto document = std::make_shared<MethodTraceDocument>();
        document->path = path;
        document->trace = std::move(read.trace);
        document->error = read.error;
        document->evilMethodMs = evilMs;
        document->mappingPath = mappingPath;
        if (mapping) core::methodtrace::deobfuscate(document->trace, *mapping);
        core::methodtrace::MethodTraceOptions options;
        options.evilMethodMs = evilMs;
        progress.report("judging the main thread", core::ProgressSink::kMax);
        document->report = core::methodtrace::judgeMethodTrace(document->trace, options);
        document->loadSeconds = static_cast<double>(clock.nsecsElapsed()) / 1e9;
        std::shared_ptr<const MethodTraceDocument> done = std::move(document);
        deliver([this, done] { emit loaded(done); });
        return core::okStatus();
      });
}

}  // namespace mxi::gui
