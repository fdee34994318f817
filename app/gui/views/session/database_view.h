// The Database page of the session and live views: totals over the app's SQL (statements,
// distinct shapes, total time, SQLiteLint issues by type) above the statements table (one row per
// shape and database, total time first, sortable, filtered by shape); the selected statement's
// query plan as a tree — or why the session has none — and its SQLiteLint issues with advice.
// It follows a LiveSession's feed for issues and not-checked marks (sync(), from the dashboard's
// repaint timer: only new events are read) and is given SQL operations by whoever has them.
#pragma once

#include <QWidget>
#include <cstdint>

#include "app/gui/models/session/database_statements.h"
#include "core/live/live_session.h"

class QAbstractItemView;
class QLabel;
class QTextBrowser;
class QTreeView;

namespace mxi::gui {

class QueryPlanModel;
class SqlStatementsModel;

class DatabaseView : public QWidget {
  Q_OBJECT
 public:
  explicit DatabaseView(QWidget* parent = nullptr);
  ~DatabaseView() override;

  // What the page counts; call refresh() after adding.
  DatabaseStatements& statements() { return m_statements; }
  // Reads the session's events added since the last call (SQLiteLint issues, not-checked marks).
  void sync(const core::live::LiveSession& session);
  // Shows what statements() holds now, if it changed; the selected statement stays selected.
  void refresh();
  // Selects the statement shown in `row` of the table as sorted now.
  void selectRow(int row);

  // For tests and screenshots.
  SqlStatementsModel* model() const { return m_model; }
  QAbstractItemView* table() const { return m_table; }
  QTreeView* planTree() const { return m_planTree; }
  QString totalsText() const;
  QString planNoteText() const;
  QString issuesText() const;

 private:
  void showStatement(int modelRow);
  DatabaseStatements m_statements;
  uint64_t m_shownRevision = UINT64_MAX;
  uint64_t m_syncedEvents = 0;    // the session's events read, counted from its first
  size_t m_syncedOperations = 0;  // the session's SQL operations handed to m_statements
  SqlStatementsModel* m_model;
  QAbstractItemView* m_table = nullptr;
  QLabel* m_totals;
  QTreeView* m_planTree;
  QueryPlanModel* m_plan = nullptr;
  QLabel* m_planNote;
  QTextBrowser* m_issues;
};

}  // namespace mxi::gui
