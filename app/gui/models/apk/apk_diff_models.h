// The tables of an APK comparison (core/apkcheck's ApkDiff): the files added, removed and
// changed, and the groups that differ (folders, dex packages, resource types, native libraries),
// each with old and new sizes side by side and the deltas coloured (growth red, shrink green).
#pragma once

#include <QAbstractTableModel>
#include <memory>

#include "core/apkcheck/apk_diff.h"

namespace mxi::gui {

// Growth red, shrink green, no change: nothing (the ForegroundRole of a delta cell).
QVariant deltaColour(int64_t delta);

class ApkFileChangesModel final : public QAbstractTableModel {
  Q_OBJECT
 public:
  enum Column {
    kPath,
    kChange,
    kOldBytes,
    kNewBytes,
    kDelta,
    kOldCompressed,
    kNewCompressed,
    kDeltaCompressed,
    kColumns
  };
  explicit ApkFileChangesModel(std::shared_ptr<const core::apkcheck::ApkDiff> diff, QObject* parent = nullptr);
  int rowCount(const QModelIndex& parent = {}) const override;
  int columnCount(const QModelIndex& parent = {}) const override;
  QVariant data(const QModelIndex& index, int role) const override;
  QVariant headerData(int section, Qt::Orientation orientation, int role) const override;

 private:
  std::shared_ptr<const core::apkcheck::ApkDiff> m_diff;
};

class ApkGroupDeltaModel final : public QAbstractTableModel {
  Q_OBJECT
 public:
  enum Column { kName, kOld, kNew, kDelta, kOldCompressed, kNewCompressed, kDeltaCompressed, kColumns };
  // `groups` is one of the diff's lists; `counts`: its numbers are method ids, not bytes (dex
  // packages), and it has no compressed columns.
  ApkGroupDeltaModel(std::shared_ptr<const core::apkcheck::ApkDiff> diff,
                     const std::vector<core::apkcheck::GroupDelta>& groups, bool counts, QObject* parent = nullptr);
  int rowCount(const QModelIndex& parent = {}) const override;
  int columnCount(const QModelIndex& parent = {}) const override;
  QVariant data(const QModelIndex& index, int role) const override;
  QVariant headerData(int section, Qt::Orientation orientation, int role) const override;

 private:
  std::shared_ptr<const core::apkcheck::ApkDiff> m_diff;  // keeps `m_groups` alive
  const std::vector<core::apkcheck::GroupDelta>& m_groups;
  bool m_counts;
};

}  // namespace mxi::gui
