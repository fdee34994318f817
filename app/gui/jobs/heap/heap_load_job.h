// Opens, indexes and analyses a dump on a worker thread (WorkerJob: progress, Cancel, failed()),
// handing each stage to the UI thread as soon as it exists, so the heap browser is usable long
// before everything is computed: the index (Summary, Classes by count and shallow bytes), the
// leaks' paths, the dominator tree (retained sizes everywhere, Dominators), then duplicate
// bitmaps and values. A release build's index is renamed through its R8/ProGuard mapping right
// after indexing, before anything reads it, so every stage and view sees the original names.
#pragma once

#include <QString>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "app/gui/jobs/worker_job.h"
#include "app/gui/models/heap/heap_document.h"
#include "app/gui/settings/settings.h"

namespace mxi::gui {

struct HeapLoadOptions {
  // Heaps whose objects count in no retained size and no class histogram row (Settings; e.g.
  // Android's image and zygote). Names the dump does not have are ignored.
  std::vector<std::string> excludedHeaps;
  // A JSON file of known references added to the built-in list (Settings); empty: none.
  std::string knownReferencesFile;
  // Mappings per app and version (Settings): the one for the app and versionCode the dump records
  // renames it. A file that cannot be read or parsed leaves the names minified
  // (HeapDocument::mappingError) and the dump still opens.
  QList<AppMapping> mappings;
  // Apply mapping…: this R8/ProGuard mapping.txt whatever the dump's app; wins over `mappings`.
  QString mappingFile;
};

// The stages after the index (HeapStageSink::indexed), in the order they complete.
enum class HeapStage { kLeaksFound, kRetained, kExtras };

// Applies one finished stage to the document; called on the thread that owns the document.
using HeapStageApply = std::function<void(HeapDocument& document)>;
// Receives the document once indexed, then each later stage to apply.
struct HeapStageSink {
  std::function<void(std::shared_ptr<HeapDocument> document)> indexed;
  std::function<void(HeapStage stage, HeapStageApply apply)> stage;
};

// Computes the stages of `path` in order, handing each to `sink`. After `indexed`, the worker
// only reads the document's index and graph (never changed again); everything else it computes
// on its own and hands over through `apply`.
core::Status loadHeapStages(const QString& path, const HeapLoadOptions& options, const HeapStageSink& sink,
                            core::ProgressSink& progress, const core::CancelToken& cancel);

// Every stage on the calling thread (house rule T1): the whole document at once. Also used by
// the GUI benchmark and tests.
core::StatusOr<std::shared_ptr<HeapDocument>> loadHeapDocument(const QString& path, const HeapLoadOptions& options,
                                                               core::ProgressSink& progress,
                                                               const core::CancelToken& cancel);

class HeapLoadJob : public WorkerJob {
  Q_OBJECT
 public:
  explicit HeapLoadJob(QString path, HeapLoadOptions options = {}, QObject* parent = nullptr);
  void start();

 signals:
  // The document exists: index, graph, histogram without retained sizes.
  void indexed(std::shared_ptr<mxi::gui::HeapDocument> document);
  // A later stage was applied to that document (on the UI thread).
  void stageReady(mxi::gui::HeapStage stage);
  // Every stage is done.
  void finished(std::shared_ptr<mxi::gui::HeapDocument> document);

 private:
  QString m_path;
  HeapLoadOptions m_options;
};

}  // namespace mxi::gui
