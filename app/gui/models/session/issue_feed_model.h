// The issue feed: one row per LiveSession event (time, kind, scene, cost, summary). sync()
// announces events added since the last call as appended rows, and events the session let go
// (it keeps the newest LiveSession::kMaxEvents) as rows removed from the top, so views keep
// their selection and scroll.
#pragma once

#include <QAbstractTableModel>

#include "core/live/live_session.h"

namespace mxi::gui {

class IssueFeedModel : public QAbstractTableModel {
  Q_OBJECT
 public:
  enum Column { kTime, kKind, kScene, kCost, kSummary, kColumns };
  static constexpr int kKindRole = Qt::UserRole + 2;      // LiveEvent::Kind as int
  static constexpr int kCostFlagRole = Qt::UserRole + 3;  // LiveEvent::CostFlag as int
  explicit IssueFeedModel(const core::live::LiveSession& session, QObject* parent = nullptr);
  // Picks up events added to the session since the last call.
  void sync();
  // The event shown in `row` (the session may have moved on since the last sync()).
  const core::live::LiveEvent& eventAt(int row) const;
  int rowCount(const QModelIndex& parent = {}) const override;
  int columnCount(const QModelIndex& parent = {}) const override;
  QVariant data(const QModelIndex& index, int role) const override;
  QVariant headerData(int section, Qt::Orientation orientation, int role) const override;

 private:
  const core::live::LiveSession& m_session;
  int m_rows = 0;
  uint64_t m_dropped = 0;  // the session's droppedEvents() at the last sync()
};

}  // namespace mxi::gui
