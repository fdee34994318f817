#include "app/gui/jobs/heap/heap_compare_job.h"

namespace mxi::gui {

HeapCompareJob::HeapCompareJob(QString basePath, std::shared_ptr<const core::hprof::HeapIndex> current,
                               QString currentPath, QObject* parent)
    : WorkerJob(basePath, parent),
      m_basePath(std::move(basePath)),
      m_currentPath(std::move(currentPath)),
      m_current(std::move(current)) {
  qRegisterMetaType<std::shared_ptr<mxi::gui::HeapComparison>>();
}

void HeapCompareJob::start() {
  startWork([this, basePath = m_basePath, currentPath = m_currentPath, current = m_current](
                core::ProgressSink& progress, const core::CancelToken& cancel) -> core::Status {
    ASSIGN_OR_RETURN(auto base, core::hprof::openAndIndex(basePath.toStdString(), {}, {}, progress, cancel));
    ASSIGN_OR_RETURN(auto diff, core::analysis::diffHeaps(*base, *current, {}, progress, cancel));
    auto comparison = std::make_shared<HeapComparison>();
    comparison->basePath = basePath;
    comparison->newPath = currentPath;
    comparison->diff = std::move(diff);
    deliver([this, comparison] { emit finished(comparison); });
    return core::okStatus();
  });
}

}  // namespace mxi::gui
