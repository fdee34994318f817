// Helpers every tabular view shares: a filter box over a sortable proxy, and copy to the
// clipboard (Ctrl+C / context menu) of the selected rows as tab-separated text.
#pragma once

#include <QString>

class QAbstractItemModel;
class QAbstractItemView;
class QObject;
class QTreeView;
class QWidget;

namespace mxi::gui {

// A page with a filter line (matching column 0, case-insensitive) above a sortable table,
// sorted by `sortColumn` descending. `viewOut` receives the table. `alreadySorted`: the model's
// rows come in that order, so the proxy does not sort them again until a header is clicked
// (sorting millions of rows would stall the UI thread when a big dump opens).
QWidget* filteredTable(QAbstractItemModel* model, int sortColumn, QObject* owner, QAbstractItemView** viewOut = nullptr,
                       bool alreadySorted = false);

// A tree over `model` (null: one set later with showModel) with `stretchColumn` taking the spare
// width, uniform rows and copy.
QTreeView* modelTree(QAbstractItemModel* model, int stretchColumn);
// Shows `model` in a tree made by modelTree, its stretch column kept.
void showModel(QTreeView* view, QAbstractItemModel* model);

// Ctrl+C and a context-menu entry copy the selected rows (every column, as shown).
void enableCopy(QAbstractItemView* view);

// The selected rows of `view` as tab-separated lines, header first (what Copy puts on the clipboard).
QString selectedRowsText(const QAbstractItemView* view);

}  // namespace mxi::gui
