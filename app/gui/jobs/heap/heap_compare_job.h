// Compares the open dump with a baseline dump on a worker thread (WorkerJob): opens and indexes
// the baseline, then core's diffHeaps (class deltas with retained sizes, leaks new / fixed /
// still present). Progress and Cancel like HeapLoadJob.
#pragma once

#include <QString>
#include <memory>

#include "app/gui/jobs/worker_job.h"
#include "core/analysis/heap_diff.h"
#include "core/hprof/heap_index.h"

namespace mxi::gui {

struct HeapComparison {
  QString basePath, newPath;
  core::analysis::HeapDiff diff;
};

class HeapCompareJob : public WorkerJob {
  Q_OBJECT
 public:
  HeapCompareJob(QString basePath, std::shared_ptr<const core::hprof::HeapIndex> current, QString currentPath,
                 QObject* parent = nullptr);
  void start();

 signals:
  void finished(std::shared_ptr<mxi::gui::HeapComparison> comparison);

 private:
  QString m_basePath, m_currentPath;
  std::shared_ptr<const core::hprof::HeapIndex> m_current;
};

}  // namespace mxi::gui
