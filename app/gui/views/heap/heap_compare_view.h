// Compare tab: pick a baseline dump; the comparison (HeapCompareJob) runs off the UI thread with
// progress and Cancel, then shows the leaks that are new, fixed or still present (by signature)
// and the classes that grew or shrank.
#pragma once

#include <QWidget>
#include <memory>

#include "app/gui/jobs/heap/heap_compare_job.h"
#include "app/gui/models/heap/heap_document.h"

class QLabel;
class QProgressBar;
class QPushButton;
class QTreeView;
class QStackedWidget;

namespace mxi::gui {

class ClassDeltaModel;
class LeakTreeModel;

class HeapCompareView : public QWidget {
  Q_OBJECT
 public:
  explicit HeapCompareView(std::shared_ptr<HeapDocument> doc, QWidget* parent = nullptr);
  ~HeapCompareView() override;
  // Starts comparing the open dump (the "new" side) with `basePath`.
  void compareWith(const QString& basePath);
  const HeapComparison* comparison() const { return m_comparison.get(); }
  ClassDeltaModel* classModel() const { return m_classes; }
  QTreeView* leakTree() const { return m_leakTree; }
  LeakTreeModel* leakModel() const { return m_leakModel; }
  QString summaryText() const;

 signals:
  void compared();
  void compareFailed(const QString& message);

 private:
  void chooseBaseline();
  void show(std::shared_ptr<HeapComparison> comparison);

  std::shared_ptr<HeapDocument> m_doc;
  QLabel* m_summary;
  QPushButton* m_choose;
  QProgressBar* m_progress;
  QPushButton* m_cancel;
  QTreeView* m_leakTree;
  LeakTreeModel* m_leakModel = nullptr;
  QWidget* m_results;
  ClassDeltaModel* m_classes = nullptr;
  QWidget* m_classPage = nullptr;
  std::unique_ptr<HeapCompareJob> m_job;
  std::shared_ptr<HeapComparison> m_comparison;
};

}  // namespace mxi::gui
