// The slow frames behind a bar of the drop-level chart: time, scene, duration, dropped frames,
// level and the stage that dominated each one (with every stage's share in the tooltip).
#pragma once

#include <QAbstractTableModel>
#include <optional>
#include <vector>

#include "core/live/live_session.h"

namespace mxi::gui {

class SlowFramesModel : public QAbstractTableModel {
  Q_OBJECT
 public:
  enum Column { kTime, kScene, kDurationMs, kDropped, kLevel, kStage, kColumns };
  explicit SlowFramesModel(const core::live::LiveSession& session, QObject* parent = nullptr);
  // Shows the slow frames of one scene and level (nullopt: all); re-reads the session.
  void setFilter(std::optional<int> scene, std::optional<core::framestats::DropLevel> level);
  void refresh();
  int rowCount(const QModelIndex& parent = {}) const override;
  int columnCount(const QModelIndex& parent = {}) const override;
  QVariant data(const QModelIndex& index, int role) const override;
  QVariant headerData(int section, Qt::Orientation orientation, int role) const override;

 private:
  const core::live::LiveSession& m_session;
  std::optional<int> m_scene;
  std::optional<core::framestats::DropLevel> m_level;
  std::vector<core::live::SlowFrame> m_rows;  // newest first
  int64_t m_startNs = 0;
};

}  // namespace mxi::gui
