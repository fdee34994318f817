#include "app/gui/jobs/heap/heap_load_job.h"

#include <chrono>

#include "app/gui/jobs/heap/heap_mapping.h"
#include "core/analysis/memory_budget.h"
#include "core/base/worker_pool.h"

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
  doc->loadSeconds = msSince(start) / 1000;
  doc->timingsMs.emplace_back("index", msSince(start));
  // From here the worker reads only the index, which nothing changes again, and its own graph.
  const core::hprof::HeapIndex& ix = *doc->index;
  sink.indexed(doc);
  auto graph = std::make_shared<core::analysis::HeapGraph>(ix);

  core::analysis::LeakOptions leakOptions;
  leakOptions.retainedSizes = false;  // the tree is computed beside them
  leakOptions.dominators = dominatorOptions;
  if (!options.knownReferencesFile.empty()) {
    ASSIGN_OR_RETURN(auto added, core::analysis::readKnownReferencesFile(options.knownReferencesFile));
    leakOptions.knownReferences.insert(leakOptions.knownReferences.end(), added.begin(), added.end());
  }
  if (const auto* info = ix.source().matrixInfo(); info && !info->leakedActivityKey.empty()) {
    leakOptions.finders.matrixKey = info->leakedActivityKey;
  }

  // Two lanes: the dominator tree (the longest step) on this thread, which reports progress;
  // leak paths (the Leaks tab as soon as they are found), duplicate bitmaps and values on the
  // second. When memory cannot hold the tree and the leak search at once, one lane runs after
  // the other. The tree's stage waits for the leaks (it adds their retained sizes), the extras'
  // stage for the tree, so the stages arrive in their usual order.
  const core::analysis::MemoryNeed together =
      core::analysis::dominatorWithPathsMemoryNeed(ix.objectCount(), ix.stats().references);
  const bool sideBySide = core::analysis::checkMemory(together, core::readMemoryLimits(), "", "").ok();
  std::optional<core::analysis::LeakReport> leaks;
  std::unique_ptr<core::analysis::HeapDominators> dominators;
  std::vector<core::hprof::ObjectIndex> tops;
  std::vector<uint64_t> classRetained;
  core::analysis::BitmapReport bitmaps;
  core::analysis::DuplicateReport duplicates;
  std::vector<std::pair<std::string, double>> alongside;  // the second lane's steps
  double treeMs = 0;
  auto treeLane = [&](core::ProgressSink& laneProgress) -> core::Status {
    const auto treeStart = Clock::now();
    ASSIGN_OR_RETURN(dominators,
                     core::analysis::HeapDominators::compute(*graph, dominatorOptions, laneProgress, cancel));
    tops = dominators->children(core::hprof::kNoObject);  // also builds the child lists
    classRetained = dominators->classRetainedBytes(ix);
    treeMs = msSince(treeStart);
    return core::okStatus();
  };
  auto leakLane = [&](core::ProgressSink& laneProgress) -> core::Status {
    auto lap = Clock::now();
    auto step = [&](const char* name) {
      alongside.emplace_back(name, msSince(lap));
      lap = Clock::now();
    };
    ASSIGN_OR_RETURN(core::analysis::LeakReport found,
                     core::analysis::analyzeLeaks(ix, leakOptions, laneProgress, cancel));
    step("leaks");
    sink.stage(HeapStage::kLeaksFound, [found = carried(found), since = msSince(start) / 1000](HeapDocument& d) {
      d.leaks = *found;
      d.loadSeconds = since;
    });
    leaks = std::move(found);
    ASSIGN_OR_RETURN(bitmaps, core::analysis::findDuplicateBitmaps(ix, {}, laneProgress, cancel));
    step("bitmaps");
    ASSIGN_OR_RETURN(duplicates, core::analysis::findDuplicateValues(ix, {}, laneProgress, cancel));
    step("duplicates");
    return core::okStatus();
  };
  if (sideBySide) {
    core::NullProgress quiet;
    RETURN_IF_ERROR(
        core::WorkerPool(2).run(2, [&](size_t lane) { return lane == 0 ? treeLane(progress) : leakLane(quiet); }));
  } else {
    RETURN_IF_ERROR(leakLane(progress));
    RETURN_IF_ERROR(treeLane(progress));
  }

  // The dominator tree: retained sizes of leaks and classes, the Dominators tab.
  core::analysis::addRetainedSizes(*leaks, ix, *dominators);
  std::shared_ptr<core::analysis::HeapDominators> tree = std::move(dominators);
  sink.stage(HeapStage::kRetained,
             [graph, tree, tops = carried(std::move(tops)), classRetained = carried(std::move(classRetained)),
              leaks = carried(std::move(*leaks))](HeapDocument& d) {
               d.graph = graph;
               d.dominators = tree;
               d.dominatorTops = std::move(*tops);
               d.classRetained = std::move(*classRetained);
               d.leaks = std::move(*leaks);
             });
  // Duplicate bitmaps and values; the timings, now that every step is done.
  sink.stage(HeapStage::kExtras, [bitmaps = carried(std::move(bitmaps)), duplicates = carried(std::move(duplicates)),
                                  alongside = carried(std::move(alongside)), treeMs, sideBySide,
                                  total = msSince(start) / 1000](HeapDocument& d) {
    d.bitmaps = std::move(*bitmaps);
    d.duplicates = std::move(*duplicates);
    auto& steps = sideBySide ? d.alongsideMs : d.timingsMs;
    steps.insert(steps.end(), alongside->begin(), alongside->end());
    d.timingsMs.emplace_back("dominators", treeMs);
    d.loadSeconds = total;
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
