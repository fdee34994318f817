#include "app/gui/models/leak_tree_model.h"

#include <QBrush>
#include <QColor>
#include <QFont>

#include "app/gui/models/format.h"
#include "app/gui/models/roles.h"

namespace mxi::gui {

using core::analysis::ChainNode;
using core::analysis::LeakingStatus;
using core::analysis::ReferenceName;

// internalId: 0 for a leak row, leak row + 1 for the rows of its chain.
LeakTreeModel::LeakTreeModel(const HeapDocument& doc, QObject* parent) : QAbstractItemModel(parent), m_doc(doc) { reload(); }

void LeakTreeModel::reload() {
  beginResetModel();
  m_leaks.clear();
  for (const auto& l : m_doc.leaks.leaks) m_leaks.push_back(&l);
  for (const auto& l : m_doc.leaks.libraryLeaks) m_leaks.push_back(&l);
  endResetModel();
}

const core::analysis::Leak* LeakTreeModel::leakAt(int row) const {
  return row >= 0 && row < static_cast<int>(m_leaks.size()) ? m_leaks[static_cast<size_t>(row)] : nullptr;
}

QModelIndex LeakTreeModel::index(int row, int column, const QModelIndex& parent) const {
  if (!hasIndex(row, column, parent)) return {};
  return createIndex(row, column, parent.isValid() ? static_cast<quintptr>(parent.row() + 1) : quintptr{0});
}

QModelIndex LeakTreeModel::parent(const QModelIndex& child) const {
  if (!child.isValid() || child.internalId() == 0) return {};
  return createIndex(static_cast<int>(child.internalId() - 1), 0, quintptr{0});
}

int LeakTreeModel::rowCount(const QModelIndex& parent) const {
  if (!parent.isValid()) return static_cast<int>(m_leaks.size());
  if (parent.internalId() != 0 || parent.column() != 0) return 0;
  return static_cast<int>(m_leaks[static_cast<size_t>(parent.row())]->chain.size());
}

int LeakTreeModel::columnCount(const QModelIndex&) const { return kColumns; }

namespace {

QString referenceText(const ChainNode& node) {
  const ReferenceName& r = node.reference;
  QString owner = QString::fromStdString(r.owner);
  owner = owner.mid(owner.lastIndexOf('.') + 1);
  switch (r.type) {
    case ReferenceName::Type::kRoot:
      return QStringLiteral("GC root: %1%2")
          .arg(QString::fromStdString(r.name),
               node.rootThread.empty() ? QString() : QStringLiteral(" (thread %1)").arg(QString::fromStdString(node.rootThread)));
    case ReferenceName::Type::kStaticField: return QStringLiteral("static %1.%2").arg(owner, QString::fromStdString(r.name));
    case ReferenceName::Type::kArrayElement: return owner + QString::fromStdString(r.name);
    default: return QStringLiteral("%1.%2").arg(owner, QString::fromStdString(r.name));
  }
}

QColor statusColour(LeakingStatus s) {
  switch (s) {
    case LeakingStatus::kYes: return QColor(0xd3, 0x2f, 0x2f);
    case LeakingStatus::kNo: return QColor(0x38, 0x8e, 0x3c);
    case LeakingStatus::kUnknown: break;
  }
  return QColor(0x75, 0x75, 0x75);
}

}  // namespace

QVariant LeakTreeModel::data(const QModelIndex& index, int role) const {
  if (!index.isValid()) return {};
  if (index.internalId() == 0) {
    const auto& leak = *m_leaks[static_cast<size_t>(index.row())];
    const bool library = isLibraryLeak(index.row());
    if (index.column() == kRetained) {
      // Leaks are listed as soon as their paths are found; the dominator tree comes after.
      if (!m_doc.dominators) return role == Qt::DisplayRole ? tr("computing…") : QVariant();
      return numberCell(role, QVariant::fromValue<qulonglong>(leak.retainedBytes), NumberKind::kBytes);
    }
    if (role == Qt::DisplayRole) {
      switch (index.column()) {
        case kWhat:
          return QStringLiteral("%1%2 × %3").arg(library ? tr("Library leak: ") : QString()).arg(leak.leakingObjectIds.size())
              .arg(QString::fromStdString(leak.className));
        case kStatus: return QString::fromStdString(leak.finder);
        case kReason:
          if (library && leak.pattern >= 0) {
            return QString::fromStdString(m_doc.leaks.knownReferences[static_cast<size_t>(leak.pattern)].description);
          }
          return QString::fromStdString(leak.description);
        default: return {};
      }
    }
    if (role == kObjectIdRole && !leak.chain.empty()) return QVariant::fromValue<qulonglong>(leak.chain.back().objectId.value);
    if (role == Qt::ToolTipRole) return QStringLiteral("signature %1").arg(QString::fromStdString(leak.signature));
    if (role == Qt::FontRole && index.column() == kWhat) {
      QFont f;
      f.setBold(true);
      return f;
    }
    return {};
  }
  const auto& chain = m_leaks[index.internalId() - 1]->chain;
  const ChainNode& node = chain[static_cast<size_t>(index.row())];
  if (role == Qt::DisplayRole) {
    switch (index.column()) {
      case kWhat:
        return QStringLiteral("%1 → %2 %3").arg(referenceText(node), QString::fromStdString(node.className), hexId(node.objectId));
      case kStatus: return QString::fromStdString(std::string(core::analysis::leakingStatusName(node.status)));
      case kReason: return QString::fromStdString(node.reason);
      default: return {};
    }
  }
  if (role == kObjectIdRole) return QVariant::fromValue<qulonglong>(node.objectId.value);
  if (role == Qt::ForegroundRole && index.column() == kStatus) return QBrush(statusColour(node.status));
  if (role == Qt::FontRole && node.suspect && index.column() == kWhat) {
    QFont f;
    f.setBold(true);
    f.setUnderline(true);
    return f;
  }
  if (role == Qt::ToolTipRole && node.suspect) return tr("Suspect reference: the leak is fixed by cutting one of these");
  return {};
}

QVariant LeakTreeModel::headerData(int section, Qt::Orientation orientation, int role) const {
  if (orientation != Qt::Horizontal || role != Qt::DisplayRole) return {};
  switch (section) {
    case kWhat: return tr("Leak / reference → object");
    case kStatus: return tr("Finder / leaking");
    case kRetained: return tr("Retained bytes");
    case kReason: return tr("Why");
    default: return {};
  }
}

}  // namespace mxi::gui
