#include "app/gui/jobs/heap/heap_load_job.h"

#include <chrono>

#include "app/gui/jobs/heap/heap_mapping.h"

namespace mxi::gui {

namespace {

using Clock = std::chrono::steady_clock;

double msSince(Clock::time_point t) { return std::chrono::duration<double, std::milli>(Clock::now() - t).count(); }

// A move-only result carried through a copyable std::function.
template <typename T>
std::shared_ptr<T> carried(T value) {
  return std::make_shared<T>(std::move(value));
}

}  // namespace

core::Status loadHeapStages(const QString& path, const HeapLoadOptions& options, const HeapStageSink& sink,
                            core::ProgressSink& progress, const core::CancelToken& cancel) {
  const auto start = Clock::now();
  auto lap = start;
  // Each stage records its time and the total so far, applied with the stage.
  auto timing = [&](const char* phase) {
    const double phaseMs = msSince(lap), totalSeconds = msSince(start) / 1000;
    lap = Clock::now();
    return [phase = std::string(phase), phaseMs, totalSeconds](HeapDocument& doc) {
      doc.timingsMs.emplace_back(phase, phaseMs);
      doc.loadSeconds = totalSeconds;
    };
  };

  // Index: Summary and Classes (counts, shallow bytes) are usable from here.
  auto doc = std::make_shared<HeapDocument>();
  doc->path = path;
  doc->appMappings = options.mappings;
  // Original names before anything else reads the index (heap_mapping.h).
  ASSIGN_OR_RETURN(doc->index,
                   openIndexWithMapping(path, options.mappings, options.mappingFile, *doc, progress, cancel));
  core::analysis::DominatorOptions dominatorOptions;
  for (const std::string& name : options.excludedHeaps) {
    const auto heap = doc->index->findHeap(name);
    if (!heap || doc->index->heaps()[*heap].objects == 0) continue;  // not in this dump, or empty: nothing left out
    if (dominatorOptions.countedHeaps.empty()) dominatorOptions.countedHeaps.assign(doc->index->heaps().size(), true);
    dominatorOptions.countedHeaps[*heap] = false;
    doc->excludedHeaps << QString::fromStdString(name);
  }
  doc->histogram = core::hprof::classHistogramOfHeaps(*doc->index, dominatorOptions.countedHeaps);
  timing("index")(*doc);
  // From here the worker reads only the index, which nothing changes again, and its own graph.
  const core::hprof::HeapIndex& ix = *doc->index;
  sink.indexed(doc);
  auto graph = std::make_shared<core::analysis::HeapGraph>(ix);

  // Leak paths (no retained sizes yet): the Leaks tab lists them.
  core::analysis::LeakOptions leakOptions;
  leakOptions.retainedSizes = false;
  leakOptions.dominators = dominatorOptions;
  if (!options.knownReferencesFile.empty()) {
    ASSIGN_OR_RETURN(auto added, core::analysis::readKnownReferencesFile(options.knownReferencesFile));
    leakOptions.knownReferences.insert(leakOptions.knownReferences.end(), added.begin(), added.end());
  }
  if (const auto* info = ix.source().matrixInfo(); info && !info->leakedActivityKey.empty()) {
    leakOptions.finders.matrixKey = info->leakedActivityKey;
  }
  ASSIGN_OR_RETURN(core::analysis::LeakReport leaks, core::analysis::analyzeLeaks(ix, leakOptions, progress, cancel));
  sink.stage(HeapStage::kLeaksFound, [leaks = carried(leaks), t = timing("leaks")](HeapDocument& d) {
    d.leaks = *leaks;
    t(d);
  });

  // The dominator tree: retained sizes of leaks and classes, the Dominators tab.
  ASSIGN_OR_RETURN(std::unique_ptr<core::analysis::HeapDominators> dominators,
                   core::analysis::HeapDominators::compute(*graph, dominatorOptions, progress, cancel));
  auto tops = dominators->children(core::hprof::kNoObject);  // also builds the child lists
  auto classRetained = dominators->classRetainedBytes(ix);
  core::analysis::addRetainedSizes(leaks, ix, *dominators);
  std::shared_ptr<core::analysis::HeapDominators> tree = std::move(dominators);
  sink.stage(HeapStage::kRetained,
             [graph, tree, tops = carried(std::move(tops)), classRetained = carried(std::move(classRetained)),
              leaks = carried(std::move(leaks)), t = timing("dominators")](HeapDocument& d) {
               d.graph = graph;
               d.dominators = tree;
               d.dominatorTops = std::move(*tops);
               d.classRetained = std::move(*classRetained);
               d.leaks = std::move(*leaks);
               t(d);
             });

  // Duplicate bitmaps and values.
  ASSIGN_OR_RETURN(auto bitmaps, core::analysis::findDuplicateBitmaps(ix, {}, progress, cancel));
  auto bitmapsTime = timing("bitmaps");
  ASSIGN_OR_RETURN(auto duplicates, core::analysis::findDuplicateValues(ix, {}, progress, cancel));
  sink.stage(HeapStage::kExtras, [bitmaps = carried(std::move(bitmaps)), duplicates = carried(std::move(duplicates)),
                                  bitmapsTime, t = timing("duplicates")](HeapDocument& d) {
    d.bitmaps = std::move(*bitmaps);
    d.duplicates = std::move(*duplicates);
    bitmapsTime(d);
    t(d);
  });
  return core::okStatus();
}

core::StatusOr<std::shared_ptr<HeapDocument>> loadHeapDocument(const QString& path, const HeapLoadOptions& options,
                                                               core::ProgressSink& progress,
                                                               const core::CancelToken& cancel) {
  std::shared_ptr<HeapDocument> doc;
  const HeapStageSink sink{[&](std::shared_ptr<HeapDocument> d) { doc = std::move(d); },
                           [&](HeapStage, const HeapStageApply& apply) { apply(*doc); }};
  RETURN_IF_ERROR(loadHeapStages(path, options, sink, progress, cancel));
  return doc;
}

HeapLoadJob::HeapLoadJob(QString path, HeapLoadOptions options, QObject* parent)
    : WorkerJob(path, parent), m_path(std::move(path)), m_options(std::move(options)) {
  qRegisterMetaType<std::shared_ptr<mxi::gui::HeapDocument>>();
}

void HeapLoadJob::start() {
  startWork([this, path = m_path, options = m_options](core::ProgressSink& progress,
                                                       const core::CancelToken& cancel) -> core::Status {
    // The document belongs to the UI thread once delivered: later stages are applied there.
    std::shared_ptr<HeapDocument> doc;
    const HeapStageSink sink{[&](std::shared_ptr<HeapDocument> d) {
                               doc = d;
                               deliver([this, d] { emit indexed(d); });
                             },
                             [&](HeapStage stage, HeapStageApply apply) {
                               deliver([this, doc, stage, apply = std::move(apply)] {
                                 apply(*doc);
                                 emit stageReady(stage);
                                 if (stage == HeapStage::kExtras) emit finished(doc);
                               });
                             }};
    return loadHeapStages(path, options, sink, progress, cancel);
  });
}

}  // namespace mxi::gui
