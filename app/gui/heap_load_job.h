// Opens, indexes and analyses a dump on a worker thread (WorkerJob: progress, Cancel, failed()),
// handing the finished HeapDocument to the UI thread in one piece.
#pragma once

#include <memory>
#include <string>
#include <vector>
#include <QString>

#include "app/gui/heap_document.h"
#include "app/gui/jobs/worker_job.h"

namespace mxi::gui {

struct HeapLoadOptions {
  // Heaps whose objects count in no retained size and no class histogram row (Settings; e.g.
  // Android's image and zygote). Names the dump does not have are ignored.
  std::vector<std::string> excludedHeaps;
  // A JSON file of known references added to the built-in list (Settings); empty: none.
  std::string knownReferencesFile;
};

// Everything the heap browser shows, computed synchronously (house rule T1): index, dominator
// tree, class histogram, leaks, duplicate bitmaps and values. Also used by the GUI benchmark.
core::StatusOr<std::shared_ptr<HeapDocument>> loadHeapDocument(const QString& path, const HeapLoadOptions& options,
                                                               core::ProgressSink& progress, const core::CancelToken& cancel);

class HeapLoadJob : public WorkerJob {
  Q_OBJECT
 public:
  explicit HeapLoadJob(QString path, HeapLoadOptions options = {}, QObject* parent = nullptr);
  void start();

 signals:
  void finished(std::shared_ptr<mxi::gui::HeapDocument> document);

 private:
  QString m_path;
  HeapLoadOptions m_options;
};

}  // namespace mxi::gui
