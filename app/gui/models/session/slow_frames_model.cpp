#include "app/gui/models/session/slow_frames_model.h"

#include "app/gui/models/column_headers.h"
#include "app/gui/models/format.h"

namespace mxi::gui {

SlowFramesModel::SlowFramesModel(const core::live::LiveSession& session, QObject* parent)
    : QAbstractTableModel(parent), m_session(session) {}

void SlowFramesModel::setFilter(std::optional<int> scene, std::optional<core::framestats::DropLevel> level) {
  m_scene = scene;
  m_level = level;
  refresh();
}

void SlowFramesModel::refresh() {
  beginResetModel();
  m_rows.clear();
  const auto& slow = m_session.slowFrames();
  for (auto it = slow.rbegin(); it != slow.rend(); ++it) {
    if (m_scene && it->scene != *m_scene) continue;
    if (m_level && it->level != *m_level) continue;
    m_rows.push_back(*it);
  }
  m_startNs = m_session.sessionStartNs();
  endResetModel();
}

int SlowFramesModel::rowCount(const QModelIndex& parent) const {
  return parent.isValid() ? 0 : static_cast<int>(m_rows.size());
}
int SlowFramesModel::columnCount(const QModelIndex& parent) const { return parent.isValid() ? 0 : kColumns; }

QVariant SlowFramesModel::data(const QModelIndex& index, int role) const {
  if (!index.isValid() || index.row() >= static_cast<int>(m_rows.size())) return {};
  const core::live::SlowFrame& s = m_rows[static_cast<size_t>(index.row())];
  if (role == Qt::DisplayRole) {
    switch (index.column()) {
      case kTime: return formatSessionTime((s.frame.startNs - m_startNs) / 1'000'000);
      case kScene: return QString::fromStdString(m_session.scenes()[static_cast<size_t>(s.scene)].name);
      case kDurationMs: return static_cast<double>(s.frame.durationNs) / 1e6;
      case kDropped: return QVariant::fromValue<qlonglong>(s.frame.droppedFrames());
      case kLevel: return QString::fromUtf8(core::framestats::dropLevelName(s.level).data());
      case kStage: return QString::fromUtf8(core::framestats::frameStageName(s.frame.dominantStage()).data());
      default: return {};
    }
  }
  if (role == Qt::ToolTipRole) {
    QStringList parts;
    for (size_t i = 0; i < core::framestats::kFrameStageCount; ++i) {
      parts << QStringLiteral("%1 %2 ms")
                   .arg(QString::fromUtf8(
                       core::framestats::frameStageName(static_cast<core::framestats::FrameStage>(i)).data()))
                   .arg(static_cast<double>(s.frame.stageNs[i]) / 1e6, 0, 'f', 1);
    }
    return parts.join(QStringLiteral(", "));
  }
  return {};
}

QVariant SlowFramesModel::headerData(int section, Qt::Orientation orientation, int role) const {
  return columnHeader({tr("Time"), tr("Scene"), tr("Duration (ms)"), tr("Dropped"), tr("Level"), tr("Dominant stage")},
                      section, orientation, role);
}

}  // namespace mxi::gui
