#include "app/gui/models/session/issue_feed_model.h"

#include <QBrush>
#include <QColor>
#include <QFont>
#include <algorithm>

#include "app/gui/models/column_headers.h"
#include "app/gui/models/format.h"

namespace mxi::gui {

IssueFeedModel::IssueFeedModel(const core::live::LiveSession& session, QObject* parent)
    : QAbstractTableModel(parent), m_session(session) {
  sync();
}

void IssueFeedModel::sync() {
  if (const uint64_t gone = m_session.droppedEvents() - m_dropped; gone > 0) {
    const int rows = static_cast<int>(std::min<uint64_t>(gone, static_cast<uint64_t>(m_rows)));
    if (rows > 0) beginRemoveRows({}, 0, rows - 1);
    m_rows -= rows;
    m_dropped = m_session.droppedEvents();
    if (rows > 0) endRemoveRows();
  }
  const int total = static_cast<int>(m_session.events().size());
  if (total <= m_rows) return;
  beginInsertRows({}, m_rows, total - 1);
  m_rows = total;
  endInsertRows();
}

const core::live::LiveEvent& IssueFeedModel::eventAt(int row) const {
  // Rows count from the events there were at the last sync(); the session may have let some go since.
  const uint64_t shift = m_session.droppedEvents() - m_dropped;
  const auto& events = m_session.events();
  if (static_cast<uint64_t>(row) < shift || static_cast<uint64_t>(row) - shift >= events.size()) {
    static const core::live::LiveEvent gone = [] {
      core::live::LiveEvent e;
      e.summary = "(no longer kept)";
      return e;
    }();
    return gone;
  }
  return events[static_cast<size_t>(static_cast<uint64_t>(row) - shift)];
}

int IssueFeedModel::rowCount(const QModelIndex& parent) const { return parent.isValid() ? 0 : m_rows; }
int IssueFeedModel::columnCount(const QModelIndex& parent) const { return parent.isValid() ? 0 : kColumns; }

QVariant IssueFeedModel::data(const QModelIndex& index, int role) const {
  if (!index.isValid() || index.row() >= m_rows) return {};
  const core::live::LiveEvent& e = eventAt(index.row());
  if (role == Qt::DisplayRole) {
    switch (index.column()) {
      case kTime: return formatSessionTime(e.timeMs);
      case kKind: return QString::fromUtf8(core::live::liveEventKindName(e.kind).data());
      case kScene: return QString::fromStdString(e.scene);
      case kCost: return e.costMs >= 0 ? QVariant::fromValue<qlonglong>(e.costMs) : QVariant();
      case kSummary: return QString::fromStdString(e.summary);
      default: return {};
    }
  }
  if (role == kKindRole) return static_cast<int>(e.kind);
  if (role == kCostFlagRole) return static_cast<int>(e.costFlag);
  if (index.column() == kCost && e.costFlag != core::live::LiveEvent::CostFlag::kNone) {
    const bool anr = e.costFlag == core::live::LiveEvent::CostFlag::kOverAnr;
    const auto& t = m_session.liveThresholds();
    if (role == Qt::ForegroundRole) return QBrush(anr ? QColor(0xc6, 0x28, 0x28) : QColor(0xe6, 0x51, 0x00));
    if (role == Qt::FontRole) {
      QFont bold;
      bold.setBold(true);
      return bold;
    }
    if (role == Qt::ToolTipRole) {
      return anr ? tr("At or over the ANR threshold (%1 ms)").arg(t.anrMs)
                 : tr("At or over the evil-method threshold (%1 ms)").arg(t.evilMethodMs);
    }
  }
  if (role == Qt::ForegroundRole && index.column() == kKind) {
    switch (e.kind) {
      case core::live::LiveEvent::Kind::kAnr: return QBrush(QColor(0xc6, 0x28, 0x28));
      case core::live::LiveEvent::Kind::kEvilMethod: return QBrush(QColor(0xe6, 0x51, 0x00));
      case core::live::LiveEvent::Kind::kIo: return QBrush(QColor(0x15, 0x65, 0xc0));
      default: return {};
    }
  }
  if (role == Qt::TextAlignmentRole && index.column() == kCost)
    return QVariant::fromValue(Qt::AlignRight | Qt::AlignVCenter);
  return {};
}

QVariant IssueFeedModel::headerData(int section, Qt::Orientation orientation, int role) const {
  return columnHeader({tr("Time"), tr("Kind"), tr("Scene"), tr("Cost (ms)"), tr("What")}, section, orientation, role);
}

}  // namespace mxi::gui
