// A method trace opened in the desktop app: the header (VM, clock, length, events), a thread
// picker (the main thread first), the thread as a flame chart, the selected call's call tree
// with its source file and line, and beside them the issues the trace makes (evil methods,
// startup, main-thread IO); picking an issue shows its call in the chart.
#pragma once

#include <QWidget>
#include <memory>

#include "app/gui/models/trace/method_trace_document.h"

class QComboBox;
class QLabel;
class QTreeView;

namespace mxi::gui {

class CallTreeModel;
class FlameChart;
class TraceIssueModel;

class MethodTraceView : public QWidget {
  Q_OBJECT
 public:
  explicit MethodTraceView(std::shared_ptr<const MethodTraceDocument> document, QWidget* parent = nullptr);
  FlameChart* flameChart() const { return m_chart; }
  QTreeView* issueList() const { return m_issues; }
  TraceIssueModel* issueModel() const { return m_issueModel; }
  CallTreeModel* callTreeModel() const { return m_treeModel; }  // of the selected call; null before one
  QString callDetailText() const;
  QString headerText() const;
  // Shows issue `row` (of the issue list): selects the main thread and the issue's call.
  void showIssue(int row);

 signals:
  // The user picked an R8/ProGuard mapping.txt for this trace: open it again through it.
  void mappingChosen(const QString& mappingPath);

 private:
  void showThread(size_t thread);
  void showCall(uint32_t call);

  std::shared_ptr<const MethodTraceDocument> m_document;
  std::vector<size_t> m_threadOrder;  // combo row → thread index
  size_t m_thread = 0;
  QLabel* m_header;
  QComboBox* m_threads;
  FlameChart* m_chart;
  QTreeView* m_tree;
  CallTreeModel* m_treeModel = nullptr;
  QLabel* m_detail;
  QTreeView* m_issues;
  TraceIssueModel* m_issueModel;
};

}  // namespace mxi::gui
