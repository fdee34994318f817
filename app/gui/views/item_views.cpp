#include "app/gui/views/item_views.h"

#include <QHeaderView>
#include <QTreeView>

#include "app/gui/models/roles.h"

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
#include <algorithm>

namespace mxi::gui {

namespace {

// Sorts formatted numbers by the number (kExactRole), everything else as shown.
class ExactSortProxy : public QSortFilterProxyModel {
 public:
  using QSortFilterProxyModel::QSortFilterProxyModel;

 protected:
  bool lessThan(const QModelIndex& left, const QModelIndex& right) const override {
    const QVariant a = left.data(kExactRole), b = right.data(kExactRole);
    if (a.isValid() && b.isValid()) return QVariant::compare(a, b) == QPartialOrdering::Less;
    return QSortFilterProxyModel::lessThan(left, right);
  }
};

}  // namespace

QWidget* filteredTable(QAbstractItemModel* model, int sortColumn, QObject* owner, QAbstractItemView** viewOut,
                       bool alreadySorted) {
  auto* page = new QWidget;
  auto* layout = new QVBoxLayout(page);
  auto* filter = new QLineEdit;
  filter->setPlaceholderText(QObject::tr("Filter…"));
  filter->setClearButtonEnabled(true);
  auto* proxy = new ExactSortProxy(owner);
  proxy->setSourceModel(model);
  proxy->setFilterCaseSensitivity(Qt::CaseInsensitive);
  proxy->setFilterKeyColumn(0);
  QObject::connect(filter, &QLineEdit::textChanged, proxy, &QSortFilterProxyModel::setFilterFixedString);
  auto* view = new QTableView;
  view->setModel(proxy);
  if (alreadySorted) {
    // The indicator shows the model's own order; a click sorts through the proxy from then on.
    QHeaderView* header = view->horizontalHeader();
    header->setSortIndicator(sortColumn, Qt::DescendingOrder);
    header->setSortIndicatorShown(true);
    header->setSectionsClickable(true);
    QObject::connect(header, &QHeaderView::sortIndicatorChanged, proxy,
                     [proxy](int column, Qt::SortOrder order) { proxy->sort(column, order); });
  } else {
    view->setSortingEnabled(true);
    view->sortByColumn(sortColumn, Qt::DescendingOrder);
  }
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
    for (int c = 0; c < model->columnCount(row.parent()); ++c) {
      // Numbers exactly (bytes, not "233.0 KiB"), so a paste into a spreadsheet adds up.
      const QModelIndex cell = row.siblingAtColumn(c);
      const QVariant exact = cell.data(kExactRole);
      cells << (exact.isValid() ? exact.toString() : cell.data().toString());
    }
    lines << cells.join(QLatin1Char('\t'));
  }
  return lines.join(QLatin1Char('\n')) + QLatin1Char('\n');
}

QTreeView* modelTree(QAbstractItemModel* model, int stretchColumn) {
  auto* view = new QTreeView;
  view->setUniformRowHeights(true);
  view->setProperty("stretchColumn", stretchColumn);
  enableCopy(view);
  if (model) showModel(view, model);
  return view;
}

void showModel(QTreeView* view, QAbstractItemModel* model) {
  view->setModel(model);
  // Resize modes belong to the header's sections, which exist only once there is a model.
  const int stretch = view->property("stretchColumn").toInt();
  if (model && stretch < model->columnCount()) view->header()->setSectionResizeMode(stretch, QHeaderView::Stretch);
}

void enableCopy(QAbstractItemView* view) {
  auto* copy = new QAction(QObject::tr("Copy"), view);
  copy->setShortcut(QKeySequence::Copy);
  copy->setShortcutContext(Qt::WidgetShortcut);
  QObject::connect(copy, &QAction::triggered, view,
                   [view] { QApplication::clipboard()->setText(selectedRowsText(view)); });
  view->addAction(copy);
  view->setContextMenuPolicy(Qt::ActionsContextMenu);
}

}  // namespace mxi::gui
