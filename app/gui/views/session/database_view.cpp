#include "app/gui/views/session/database_view.h"

#include <QHeaderView>
#include <QLabel>
#include <QSortFilterProxyModel>
#include <QSplitter>
#include <QTableView>
#include <QTextBrowser>
#include <QTreeView>
#include <QVBoxLayout>
#include <algorithm>
#include <optional>
#include <utility>
#include <vector>

#include "app/gui/models/format.h"
#include "app/gui/models/session/query_plan_model.h"
#include "app/gui/models/session/sql_statements_model.h"
#include "app/gui/views/item_views.h"
#include "app/gui/views/session/sqlite_lint_html.h"

namespace mxi::gui {

DatabaseView::DatabaseView(QWidget* parent) : QWidget(parent) {
  auto* layout = new QVBoxLayout(this);
  layout->setContentsMargins(0, 0, 0, 0);
  m_totals = new QLabel;
  m_totals->setObjectName(QStringLiteral("databaseTotals"));
  m_totals->setWordWrap(true);
  m_totals->setTextInteractionFlags(Qt::TextSelectableByMouse);
  layout->addWidget(m_totals);

  m_model = new SqlStatementsModel(this);
  auto* split = new QSplitter(Qt::Vertical);
  // Rows come in total-time order; a header click sorts by another column.
  QWidget* tablePage = filteredTable(m_model, SqlStatementsModel::kTotalMs, this, &m_table, true);
  m_table->setObjectName(QStringLiteral("sqlStatements"));
  m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
  m_table->setSelectionMode(QAbstractItemView::SingleSelection);
  if (auto* tv = qobject_cast<QTableView*>(m_table)) {
    tv->verticalHeader()->hide();
    tv->horizontalHeader()->setSectionResizeMode(SqlStatementsModel::kShape, QHeaderView::Stretch);
    tv->horizontalHeader()->setSectionResizeMode(SqlStatementsModel::kDatabase, QHeaderView::ResizeToContents);
  }
  split->addWidget(tablePage);

  auto* below = new QSplitter(Qt::Horizontal);
  auto* planPage = new QWidget;
  auto* planLayout = new QVBoxLayout(planPage);
  planLayout->setContentsMargins(0, 0, 0, 0);
  m_planNote = new QLabel;
  m_planNote->setObjectName(QStringLiteral("queryPlanNote"));
  m_planNote->setWordWrap(true);
  m_planNote->setTextInteractionFlags(Qt::TextSelectableByMouse);
  m_planTree = modelTree(nullptr, 0);
  m_planTree->setObjectName(QStringLiteral("queryPlan"));
  planLayout->addWidget(m_planNote);
  planLayout->addWidget(m_planTree, 1);
  m_issues = new QTextBrowser;
  m_issues->setObjectName(QStringLiteral("statementIssues"));
  below->addWidget(planPage);
  below->addWidget(m_issues);
  below->setStretchFactor(0, 1);
  below->setStretchFactor(1, 1);
  split->addWidget(below);
  split->setStretchFactor(0, 1);
  split->setStretchFactor(1, 1);
  layout->addWidget(split, 1);

  auto* proxy = qobject_cast<QSortFilterProxyModel*>(m_table->model());
  connect(m_table->selectionModel(), &QItemSelectionModel::currentRowChanged, this,
          [this, proxy](const QModelIndex& current) {
            showStatement(current.isValid() ? proxy->mapToSource(current).row() : -1);
          });
  refresh();
}

DatabaseView::~DatabaseView() = default;

void DatabaseView::sync(const core::live::LiveSession& session) {
  const auto& events = session.events();
  const uint64_t first = session.droppedEvents();  // events before it were let go unread
  for (uint64_t i = std::max(m_syncedEvents, first) - first; i < events.size(); ++i) {
    const core::live::LiveEvent& e = events[i];
    if (e.issue) {
      m_statements.addIssue(*e.issue);
    } else if (e.kind == core::live::LiveEvent::Kind::kMark) {
      m_statements.addMark(e.summary);
    }
  }
  m_syncedEvents = session.totalEvents();
  const auto& operations = session.sqlOperations();
  for (size_t i = m_syncedOperations; i < operations.size(); ++i) m_statements.addOperation(operations[i]);
  m_syncedOperations = operations.size();
  refresh();
}

void DatabaseView::refresh() {
  if (m_statements.revision() == m_shownRevision) return;
  m_shownRevision = m_statements.revision();
  std::vector<StatementRow> rows = m_statements.rows();
  const DatabaseTotals t = m_statements.totals(rows);
  QString text = tr("<b>%1</b> statements · <b>%2</b> distinct shapes · <b>%3 ms</b> in all")
                     .arg(groupedNumber(static_cast<qlonglong>(t.statements)))
                     .arg(groupedNumber(static_cast<qlonglong>(t.shapes)))
                     .arg(groupedNumber(t.totalMs));
  if (t.issuesByType.empty()) {
    text += tr(" · no SQLiteLint issues");
  } else {
    QStringList byType;
    uint64_t issues = 0;
    for (const auto& [type, count] : t.issuesByType) {
      byType << tr("%1 × %2 (type %3)")
                    .arg(count)
                    .arg(QString::fromStdString(sqliteLintCheckerName(type)).toHtmlEscaped())
                    .arg(type);
      issues += count;
    }
    text += tr(" · <b>%1</b> SQLiteLint issues: %2").arg(issues).arg(byType.join(QStringLiteral(", ")));
  }
  m_totals->setText(text);

  // The statement selected now, selected again in the new rows.
  const QModelIndex current = m_table->currentIndex();
  const auto* proxy = qobject_cast<QSortFilterProxyModel*>(m_table->model());
  std::optional<std::pair<std::string, std::string>> selected;
  if (current.isValid()) {
    const StatementRow& row = m_model->rowAt(proxy->mapToSource(current).row());
    selected = {row.totals.shape, row.database};
  }
  m_model->setRows(std::move(rows));
  int again = -1;
  for (int r = 0; selected && r < m_model->rowCount(); ++r) {
    const StatementRow& row = m_model->rowAt(r);
    if (row.totals.shape == selected->first && row.database == selected->second) again = r;
  }
  if (again >= 0) {
    m_table->setCurrentIndex(proxy->mapFromSource(m_model->index(again, 0)));
  } else if (proxy->rowCount() > 0) {
    m_table->setCurrentIndex(proxy->index(0, 0));  // something to look at: the costliest statement
  } else {
    showStatement(-1);
  }
}

void DatabaseView::selectRow(int row) { m_table->setCurrentIndex(m_table->model()->index(row, 0)); }

void DatabaseView::showStatement(int modelRow) {
  if (modelRow < 0 || modelRow >= m_model->rowCount()) {
    showModel(m_planTree, nullptr);
    delete m_plan;
    m_plan = nullptr;
    m_planNote->setText(m_model->rowCount() == 0 ? tr("No SQL operations recorded.")
                                                 : tr("Select a statement to see its plan and issues."));
    m_issues->clear();
    return;
  }
  const StatementRow& row = m_model->rowAt(modelRow);
  auto* plan = m_statements.planFor(row);
  auto* model = plan ? new QueryPlanModel(*plan, this) : nullptr;
  showModel(m_planTree, model);
  delete m_plan;
  m_plan = model;
  m_planTree->expandAll();
  m_planTree->setVisible(plan != nullptr);
  m_planNote->setText(plan ? tr("Query plan (EXPLAIN QUERY PLAN, from its SQLiteLint issue):")
                           : QString::fromStdString(m_statements.noPlanReason(row)));
  const auto findings = m_statements.findingsFor(row);
  if (findings.empty()) {
    m_issues->setPlainText(tr("No SQLiteLint issue about this statement."));
    return;
  }
  QStringList parts;
  for (const SqliteLintFinding* f : findings) parts << sqliteLintHtml(*f);
  const QString html = parts.join(QStringLiteral("<hr>"));
  m_issues->setHtml(html);
}

QString DatabaseView::totalsText() const { return m_totals->text(); }
QString DatabaseView::planNoteText() const { return m_planNote->text(); }
QString DatabaseView::issuesText() const { return m_issues->toPlainText(); }

}  // namespace mxi::gui
