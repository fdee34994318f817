#include "app/gui/item_views.h"

#include <algorithm>
#include <QAction>
#include <QApplication>
#include <QClipboard>
#include <QHeaderView>
#include <QItemSelectionModel>
#include <QKeySequence>
#include <QLineEdit>
#include <QSortFilterProxyModel>
#include <QTableView>
#include <QVBoxLayout>

namespace mxi::gui {

QWidget* filteredTable(QAbstractItemModel* model, int sortColumn, QObject* owner, QAbstractItemView** viewOut) {
  auto* page = new QWidget;
  auto* layout = new QVBoxLayout(page);
  auto* filter = new QLineEdit;
  filter->setPlaceholderText(QObject::tr("Filter…"));
  filter->setClearButtonEnabled(true);
  auto* proxy = new QSortFilterProxyModel(owner);
  proxy->setSourceModel(model);
  proxy->setFilterCaseSensitivity(Qt::CaseInsensitive);
  proxy->setFilterKeyColumn(0);
  QObject::connect(filter, &QLineEdit::textChanged, proxy, &QSortFilterProxyModel::setFilterFixedString);
  auto* view = new QTableView;
  view->setModel(proxy);
  view->setSortingEnabled(true);
  view->sortByColumn(sortColumn, Qt::DescendingOrder);
  view->setSelectionBehavior(QAbstractItemView::SelectRows);
  view->horizontalHeader()->setSectionResizeMode(0, QHeaderView::Stretch);
  view->verticalHeader()->setDefaultSectionSize(22);
  view->verticalHeader()->hide();
  enableCopy(view);
  layout->addWidget(filter);
  layout->addWidget(view);
  if (viewOut) *viewOut = view;
  return page;
}

QString selectedRowsText(const QAbstractItemView* view) {
  const QAbstractItemModel* model = view->model();
  if (!model || !view->selectionModel()) return {};
  QModelIndexList rows = view->selectionModel()->selectedRows();
  if (rows.isEmpty()) {
    // Trees and cell selections: one entry per distinct row of the selected cells.
    for (const QModelIndex& i : view->selectionModel()->selectedIndexes()) {
      const QModelIndex first = i.siblingAtColumn(0);
      if (!rows.contains(first)) rows << first;
    }
  }
  std::sort(rows.begin(), rows.end(), [](const QModelIndex& a, const QModelIndex& b) {
    return a.parent() == b.parent() ? a.row() < b.row() : a.internalId() < b.internalId();
  });
  QStringList lines;
  QStringList header;
  for (int c = 0; c < model->columnCount(); ++c) header << model->headerData(c, Qt::Horizontal).toString();
  lines << header.join(QLatin1Char('\t'));
  for (const QModelIndex& row : rows) {
    QStringList cells;
    for (int c = 0; c < model->columnCount(row.parent()); ++c) cells << row.siblingAtColumn(c).data().toString();
    lines << cells.join(QLatin1Char('\t'));
  }
  return lines.join(QLatin1Char('\n')) + QLatin1Char('\n');
}

void enableCopy(QAbstractItemView* view) {
  auto* copy = new QAction(QObject::tr("Copy"), view);
  copy->setShortcut(QKeySequence::Copy);
  copy->setShortcutContext(Qt::WidgetShortcut);
  QObject::connect(copy, &QAction::triggered, view, [view] { QApplication::clipboard()->setText(selectedRowsText(view)); });
  view->addAction(copy);
  view->setContextMenuPolicy(Qt::ActionsContextMenu);
}

}  // namespace mxi::gui
