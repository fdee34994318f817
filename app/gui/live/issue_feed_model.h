// The issue feed: one row per LiveSession event (time, kind, scene, cost, summary). Rows are only
// ever appended; sync() announces the new ones, so views keep their selection and scroll.
#pragma once

#include <QAbstractTableModel>

#include "app/gui/live/live_session.h"

namespace mxi::gui {

class IssueFeedModel : public QAbstractTableModel {
  Q_OBJECT
 public:
  enum Column { kTime, kKind, kScene, kCost, kSummary, kColumns };
  static constexpr int kKindRole = Qt::UserRole + 2;      // LiveEvent::Kind as int
  static constexpr int kCostFlagRole = Qt::UserRole + 3;  // LiveEvent::CostFlag as int
  explicit IssueFeedModel(const LiveSession& session, QObject* parent = nullptr);
  // Picks up events added to the session since the last call.
  void sync();
  const LiveEvent& eventAt(int row) const { return m_session.events()[static_cast<size_t>(row)]; }
  int rowCount(const QModelIndex& parent = {}) const override;
  int columnCount(const QModelIndex& parent = {}) const override;
  QVariant data(const QModelIndex& index, int role) const override;
  QVariant headerData(int section, Qt::Orientation orientation, int role) const override;

 private:
  const LiveSession& m_session;
  int m_rows = 0;
};

}  // namespace mxi::gui
