#include "app/gui/jobs/heap/heap_compare_job.h"

#include "app/gui/jobs/heap/heap_mapping.h"
#include "app/gui/models/heap/mapping_text.h"

namespace mxi::gui {

HeapCompareJob::HeapCompareJob(QString basePath, std::shared_ptr<const core::hprof::HeapIndex> current,
                               QString currentPath, QList<AppMapping> mappings, QObject* parent)
    : WorkerJob(basePath, parent),
      m_basePath(std::move(basePath)),
      m_currentPath(std::move(currentPath)),
      m_current(std::move(current)),
      m_mappings(std::move(mappings)) {
  qRegisterMetaType<std::shared_ptr<mxi::gui::HeapComparison>>();
}

void HeapCompareJob::start() {
  startWork([this, basePath = m_basePath, currentPath = m_currentPath, current = m_current, mappings = m_mappings](
                core::ProgressSink& progress, const core::CancelToken& cancel) -> core::Status {
    HeapDocument baseDoc;
    ASSIGN_OR_RETURN(auto base, openIndexWithMapping(basePath, mappings, {}, baseDoc, progress, cancel));
    ASSIGN_OR_RETURN(auto diff, core::analysis::diffHeaps(*base, *current, {}, progress, cancel));
    auto comparison = std::make_shared<HeapComparison>();
    comparison->basePath = basePath;
    if (baseDoc.mapping || !baseDoc.mappingError.isEmpty()) comparison->baseMapping = mappingStatusText(baseDoc);
    comparison->newPath = currentPath;
    comparison->diff = std::move(diff);
    deliver([this, comparison] { emit finished(comparison); });
    return core::okStatus();
  });
}

}  // namespace mxi::gui
