// Compares the open dump with a baseline dump on a worker thread (WorkerJob): opens and indexes
// the baseline (renamed through the mapping Settings hold for its own app and version, so two
// builds minified differently meet under their original names), then core's diffHeaps (class deltas with retained
// sizes, leaks new / fixed / still present). Progress and Cancel like HeapLoadJob.
#pragma once

#include <QString>
#include <memory>

#include "app/gui/jobs/worker_job.h"
#include "app/gui/settings/settings.h"
#include "core/analysis/heap_diff.h"
#include "core/hprof/heap_index.h"

namespace mxi::gui {

struct HeapComparison {
  QString basePath, newPath;
  QString baseMapping;  // the mapping the baseline went through (mappingStatusText); empty: none
  core::analysis::HeapDiff diff;
};

class HeapCompareJob : public WorkerJob {
  Q_OBJECT
 public:
  HeapCompareJob(QString basePath, std::shared_ptr<const core::hprof::HeapIndex> current, QString currentPath,
                 QList<AppMapping> mappings = {}, QObject* parent = nullptr);
  void start();

 signals:
  void finished(std::shared_ptr<mxi::gui::HeapComparison> comparison);

 private:
  QString m_basePath, m_currentPath;
  std::shared_ptr<const core::hprof::HeapIndex> m_current;
  QList<AppMapping> m_mappings;
};

}  // namespace mxi::gui
