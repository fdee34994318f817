#include "app/gui/heap_load_job.h"

#include <chrono>

namespace mxi::gui {

core::StatusOr<std::shared_ptr<HeapDocument>> loadHeapDocument(const QString& path, const HeapLoadOptions& options,
                                                               core::ProgressSink& progress, const core::CancelToken& cancel) {
  const auto start = std::chrono::steady_clock::now();
  auto doc = std::make_shared<HeapDocument>();
  auto lap = start;
  auto phaseDone = [&](const char* phase) {
    const auto now = std::chrono::steady_clock::now();
    doc->timingsMs.emplace_back(phase, std::chrono::duration<double, std::milli>(now - lap).count());
    lap = now;
  };
  ASSIGN_OR_RETURN(auto index, core::hprof::openAndIndex(path.toStdString(), {}, {}, progress, cancel));
  phaseDone("index");
  doc->path = path;
  doc->index = std::move(index);
  doc->graph = std::make_unique<core::analysis::HeapGraph>(*doc->index);
  core::analysis::DominatorOptions dominatorOptions;
  for (const std::string& name : options.excludedHeaps) {
    const auto heap = doc->index->findHeap(name);
    if (!heap) continue;
    if (dominatorOptions.countedHeaps.empty()) dominatorOptions.countedHeaps.assign(doc->index->heaps().size(), true);
    dominatorOptions.countedHeaps[*heap] = false;
    doc->excludedHeaps << QString::fromStdString(name);
  }
  ASSIGN_OR_RETURN(doc->dominators, core::analysis::HeapDominators::compute(*doc->graph, dominatorOptions, progress, cancel));
  doc->dominatorTops = doc->dominators->children(core::hprof::kNoObject);  // also builds the child lists
  doc->histogram = core::hprof::classHistogramOfHeaps(*doc->index, dominatorOptions.countedHeaps);
  doc->classRetained = doc->dominators->classRetainedBytes(*doc->index);
  phaseDone("dominators");
  core::analysis::LeakOptions leakOptions;
  leakOptions.precomputed = doc->dominators.get();
  leakOptions.dominators = dominatorOptions;
  if (!options.knownReferencesFile.empty()) {
    ASSIGN_OR_RETURN(auto added, core::analysis::readKnownReferencesFile(options.knownReferencesFile));
    leakOptions.knownReferences.insert(leakOptions.knownReferences.end(), added.begin(), added.end());
  }
  if (const auto* info = doc->index->source().matrixInfo(); info && !info->leakedActivityKey.empty()) {
    leakOptions.finders.matrixKey = info->leakedActivityKey;
  }
  ASSIGN_OR_RETURN(doc->leaks, core::analysis::analyzeLeaks(*doc->index, leakOptions, progress, cancel));
  phaseDone("leaks");
  ASSIGN_OR_RETURN(doc->bitmaps, core::analysis::findDuplicateBitmaps(*doc->index, {}, progress, cancel));
  phaseDone("bitmaps");
  ASSIGN_OR_RETURN(doc->duplicates, core::analysis::findDuplicateValues(*doc->index, {}, progress, cancel));
  phaseDone("duplicates");
  doc->loadSeconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  return doc;
}

HeapLoadJob::HeapLoadJob(QString path, HeapLoadOptions options, QObject* parent)
    : WorkerJob(path, parent), m_path(std::move(path)), m_options(std::move(options)) {
  qRegisterMetaType<std::shared_ptr<mxi::gui::HeapDocument>>();
}

void HeapLoadJob::start() {
  startWork([this, path = m_path, options = m_options](core::ProgressSink& progress, const core::CancelToken& cancel) -> core::Status {
    auto doc = loadHeapDocument(path, options, progress, cancel);
    if (!doc.ok()) return doc.status();
    deliver([this, document = std::move(*doc)] { emit finished(document); });
    return core::okStatus();
  });
}

}  // namespace mxi::gui
