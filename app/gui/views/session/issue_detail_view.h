// Detail of one issue-feed row: an evil method's call tree (decoded names, total and self cost,
// the hot path expanded, the stackKey method in bold), an ANR's main-thread stack with its
// blocking chain and deadlocks, an IO issue's fields and stack, startup phases as bars, a leak
// (memory issue): the Activity, how it was found, its leak chain and the dump kept, a SQLiteLint
// issue's fields and query plan (sqlite_lint_html.h) — and, in the
// live view for a `manual` leak watch verdict, Dump & analyse. With the app's R8/ProGuard mapping
// (setStackMapping) every stack frame shows retraced: original classes, methods and lines, the
// inlined frames R8 folded in one by one.
#pragma once

#include <QWidget>
#include <memory>
#include <optional>

#include "core/live/live_session.h"
#include "core/mapping/r8_mapping.h"

class QLabel;
class QPushButton;
class QStackedWidget;
class QTextBrowser;
class QTreeView;

namespace mxi::gui {

class CallTreeModel;
class StageBarsChart;

class IssueDetailView : public QWidget {
  Q_OBJECT
 public:
  explicit IssueDetailView(QWidget* parent = nullptr);
  void showIssue(const core::live::LiveEvent& event);
  // Stacks are retraced through `mapping` (null: as recorded), the issue shown now included.
  void setStackMapping(std::shared_ptr<const core::mapping::R8Mapping> mapping);
  void clear();
  QTreeView* callTree() const { return m_tree; }
  CallTreeModel* callTreeModel() const { return m_callTree; }  // of the issue shown; null before one
  QString detailText() const;
  StageBarsChart* startupChart() const { return m_startup; }  // a Trace_StartUp issue's stages
  // The live view offers Dump & analyse on a leak verdict that has no dump yet (manual mode).
  void setLeakDumpsOffered(bool offered) { m_offerLeakDumps = offered; }
  QPushButton* dumpLeakButton() const { return m_dumpLeak; }  // hidden unless offered for the issue shown

 signals:
  // Dump & analyse: a heap dump with GC of the app, opened focused on this Activity's leak.
  void leakDumpRequested(const QString& activity);

 private:
  void showCallTree(const core::matrix::CallNode& root);
  QLabel* m_title;
  QStackedWidget* m_pages;
  QTreeView* m_tree;
  CallTreeModel* m_callTree = nullptr;
  QTextBrowser* m_treeText;  // under the tree: thread stack / content
  QTextBrowser* m_text;
  StageBarsChart* m_startup;
  QPushButton* m_dumpLeak;
  bool m_offerLeakDumps = false;
  QString m_leakActivity;  // of the issue shown, for Dump & analyse
  std::shared_ptr<const core::mapping::R8Mapping> m_mapping;
  std::optional<core::live::LiveEvent> m_shown;  // the issue shown, shown again when the mapping changes
};

}  // namespace mxi::gui
