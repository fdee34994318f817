// Compares the open dump with a baseline dump on a worker thread: opens and indexes the
// baseline, then core's diffHeaps (class deltas with retained sizes, leaks new / fixed / still
// present). Progress and Cancel like HeapLoadJob.
#pragma once

#include <memory>
#include <QObject>
#include <QString>
#include <QThread>

#include "core/analysis/heap_diff.h"
#include "core/base/cancel_token.h"
#include "core/hprof/heap_index.h"

namespace mxi::gui {

struct HeapComparison {
  QString basePath, newPath;
  core::analysis::HeapDiff diff;
};

class HeapCompareJob : public QObject {
  Q_OBJECT
 public:
  HeapCompareJob(QString basePath, std::shared_ptr<const core::hprof::HeapIndex> current, QString currentPath,
                 QObject* parent = nullptr);
  ~HeapCompareJob() override;
  void start();
  void cancel() { m_cancel.cancel(); }

 signals:
  void progress(const QString& phase, int permille);
  void finished(std::shared_ptr<mxi::gui::HeapComparison> comparison);
  void failed(const QString& message);

 private:
  void run();
  QString m_basePath, m_currentPath;
  std::shared_ptr<const core::hprof::HeapIndex> m_current;
  core::CancelToken m_cancel;
  QThread* m_thread = nullptr;
};

}  // namespace mxi::gui
