// The APK page's drill-down table: every file at or under the folder the treemap shows, one row
// each (path, kind, installed size, compressed size, how it is stored, the split it comes from),
// sorted and filtered by the view's proxy.
#pragma once

#include <QAbstractTableModel>
#include <memory>
#include <vector>

#include "app/gui/models/apk/apk_file_tree.h"

namespace mxi::gui {

class ApkFileTableModel final : public QAbstractTableModel {
  Q_OBJECT
 public:
  enum Column { kPath, kKind, kSize, kCompressed, kMethod, kSplit, kColumns };

  ApkFileTableModel(std::shared_ptr<const core::apkcheck::ApkPackage> package, std::shared_ptr<const ApkFileTree> tree,
                    QObject* parent = nullptr);
  // Shows the files at or under tree node `folder`.
  void showFolder(size_t folder);
  size_t folder() const { return m_folder; }
  // The tree node of `row`.
  size_t nodeAt(int row) const { return m_rows[static_cast<size_t>(row)]; }
  // The row of tree node `node`, or -1.
  int rowOf(size_t node) const;

  int rowCount(const QModelIndex& parent = {}) const override;
  int columnCount(const QModelIndex& parent = {}) const override;
  QVariant data(const QModelIndex& index, int role) const override;
  QVariant headerData(int section, Qt::Orientation orientation, int role) const override;

 private:
  std::shared_ptr<const core::apkcheck::ApkPackage> m_package;
  std::shared_ptr<const ApkFileTree> m_tree;
  size_t m_folder = ApkFileTree::kRoot;
  std::vector<size_t> m_rows;
};

}  // namespace mxi::gui
