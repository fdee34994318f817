// The slow frames of a session: the slowest ones (before any bar is picked) or those behind a bar
// of the drop-level chart. Time, scene, duration, dropped frames, level and the stage that
// dominated each one (with every stage's share in the tooltip).
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
  // How many frames the unfiltered list holds.
  static constexpr size_t kSlowest = 50;
  // Starts on the session's slowest frames.
  explicit SlowFramesModel(const core::live::LiveSession& session, QObject* parent = nullptr);
  // The slow frames of one scene and level, newest first (nullopt for both: the slowest frames of
  // the session, slowest first); re-reads the session.
  void setFilter(std::optional<int> scene, std::optional<core::framestats::DropLevel> level);
  bool isFiltered() const { return m_scene || m_level; }
  // Re-reads the session. The rows are reset only when they changed, so a selection survives a
  // live feed that brought no new slowest frame.
  void refresh();
  int rowCount(const QModelIndex& parent = {}) const override;
  int columnCount(const QModelIndex& parent = {}) const override;
  QVariant data(const QModelIndex& index, int role) const override;
  QVariant headerData(int section, Qt::Orientation orientation, int role) const override;

 private:
  const core::live::LiveSession& m_session;
  std::optional<int> m_scene;
  std::optional<core::framestats::DropLevel> m_level;
  std::vector<core::live::SlowFrame> m_rows;  // slowest first unfiltered, else newest first
  int64_t m_startNs = 0;
};

}  // namespace mxi::gui
