#include "app/gui/models/session/slow_frames_model.h"

#include <algorithm>

#include "app/gui/models/column_headers.h"
#include "app/gui/models/format.h"

namespace mxi::gui {

namespace {

bool sameFrames(const std::vector<core::live::SlowFrame>& a, const std::vector<core::live::SlowFrame>& b) {
  return std::equal(a.begin(), a.end(), b.begin(), b.end(), [](const auto& x, const auto& y) {
    return x.scene == y.scene && x.frame.startNs == y.frame.startNs && x.frame.durationNs == y.frame.durationNs;
  });
}

}  // namespace

SlowFramesModel::SlowFramesModel(const core::live::LiveSession& session, QObject* parent)
    : QAbstractTableModel(parent), m_session(session) {
  refresh();
}

void SlowFramesModel::setFilter(std::optional<int> scene, std::optional<core::framestats::DropLevel> level) {
  m_scene = scene;
  m_level = level;
  refresh();
}

void SlowFramesModel::refresh() {
  std::vector<core::live::SlowFrame> rows;
  const auto& slow = m_session.slowFrames();
  if (isFiltered()) {
    for (auto it = slow.rbegin(); it != slow.rend(); ++it) {
      if (m_scene && it->scene != *m_scene) continue;
      if (m_level && it->level != *m_level) continue;
      rows.push_back(*it);
    }
  } else {
    // Slowest first; of equally slow frames the earlier one first.
    rows.resize(std::min(kSlowest, slow.size()));
    std::partial_sort_copy(slow.begin(), slow.end(), rows.begin(), rows.end(), [](const auto& a, const auto& b) {
      if (a.frame.durationNs != b.frame.durationNs) return a.frame.durationNs > b.frame.durationNs;
      return a.frame.startNs < b.frame.startNs;
    });
  }
  if (sameFrames(rows, m_rows) && m_startNs == m_session.sessionStartNs()) return;
  beginResetModel();
  m_rows = std::move(rows);
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
