#include "app/gui/models/heap/leak_tree_model.h"

#include <QBrush>
#include <QFont>

#include "app/gui/models/format.h"
#include "app/gui/models/roles.h"

namespace mxi::gui {

using core::analysis::ChainNode;
using core::analysis::LeakingStatus;
using core::analysis::ReferenceName;

namespace {

QString referenceText(const ChainNode& node) {
  const ReferenceName& r = node.reference;
  QString owner = QString::fromStdString(r.owner);
  owner = owner.mid(owner.lastIndexOf(QLatin1Char('.')) + 1);
  switch (r.type) {
    case ReferenceName::Type::kRoot:
      return QStringLiteral("GC root: %1%2")
          .arg(QString::fromStdString(r.name),
               node.rootThread.empty() ? QString()
                                       : QStringLiteral(" (thread %1)").arg(QString::fromStdString(node.rootThread)));
    case ReferenceName::Type::kStaticField:
      return QStringLiteral("static %1.%2").arg(owner, QString::fromStdString(r.name));
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

namespace {
const QStringList kHeaders = {QObject::tr("Leak / reference → object"), QObject::tr("Finder / leaking"),
                              QObject::tr("Retained bytes"), QObject::tr("Why")};

QFont boldFont(bool underline = false) {
  QFont f;
  f.setBold(true);
  f.setUnderline(underline);
  return f;
}
}  // namespace

LeakTreeModel::LeakTreeModel(const HeapDocument& doc, QObject* parent) : TreeModelBase(kHeaders, parent), m_doc(&doc) {
  reload();
}

LeakTreeModel::LeakTreeModel(std::vector<LeakSection> sections, QObject* parent)
    : TreeModelBase(kHeaders, parent), m_sections(std::move(sections)) {
  reload();
}

void LeakTreeModel::addLeak(int parentNode, const LeakRow& row, bool library) {
  const int node = addNode(parentNode);
  m_shown.resize(static_cast<size_t>(node) + 1);
  m_shown[static_cast<size_t>(node)] = {-1, &row, nullptr, library};
  for (const ChainNode& link : row.leak->chain) {
    const int child = addNode(node);
    m_shown.resize(static_cast<size_t>(child) + 1);
    m_shown[static_cast<size_t>(child)] = {-1, nullptr, &link, library};
  }
}

void LeakTreeModel::reload() {
  beginResetModel();
  clearNodes();
  m_shown.clear();
  if (m_doc) {
    m_rows.clear();
    for (const auto& l : m_doc->leaks.leaks) m_rows.push_back({&l, std::nullopt});
    for (const auto& l : m_doc->leaks.libraryLeaks) m_rows.push_back({&l, std::nullopt});
    for (size_t i = 0; i < m_rows.size(); ++i) addLeak(kNoNode, m_rows[i], isLibraryLeak(static_cast<int>(i)));
  }
  for (size_t s = 0; s < m_sections.size(); ++s) {
    const int node = addNode(kNoNode);
    m_shown.resize(static_cast<size_t>(node) + 1);
    m_shown[static_cast<size_t>(node)].section = static_cast<int>(s);
    for (const LeakRow& row : m_sections[s].leaks) addLeak(node, row, false);
  }
  endResetModel();
}

QVariant LeakTreeModel::data(const QModelIndex& index, int role) const {
  if (!index.isValid()) return {};
  const Shown& shown = m_shown[static_cast<size_t>(nodeOf(index))];
  if (shown.section >= 0) return sectionData(m_sections[static_cast<size_t>(shown.section)], index.column(), role);
  if (shown.row) return leakData(*shown.row, shown.library, index.column(), role);
  return linkData(*shown.link, index.column(), role);
}

QVariant LeakTreeModel::sectionData(const LeakSection& section, int column, int role) const {
  if (column != kWhat) return {};
  if (role == Qt::DisplayRole) return section.title;
  if (role == Qt::FontRole) return boldFont();
  if (role == Qt::ForegroundRole && section.colour.isValid()) return QBrush(section.colour);
  return {};
}

QVariant LeakTreeModel::leakData(const LeakRow& row, bool library, int column, int role) const {
  const core::analysis::Leak& leak = *row.leak;
  if (column == kRetained) {
    // Leaks are listed as soon as their paths are found; the dominator tree comes after.
    if (m_doc && !m_doc->dominators) return role == Qt::DisplayRole ? tr("computing…") : QVariant();
    if (row.baseRetainedBytes && role == Qt::DisplayRole) {
      return QStringLiteral("%1 → %2").arg(humanBytes(*row.baseRetainedBytes), humanBytes(leak.retainedBytes));
    }
    return numberCell(role, QVariant::fromValue<qulonglong>(leak.retainedBytes), NumberKind::kBytes);
  }
  if (role == Qt::DisplayRole) {
    switch (column) {
      case kWhat:
        return QStringLiteral("%1%2 × %3")
            .arg(library ? tr("Library leak: ") : QString())
            .arg(leak.leakingObjectIds.size())
            .arg(QString::fromStdString(leak.className));
      case kStatus: return QString::fromStdString(leak.finder);
      case kReason:
        if (library && m_doc && leak.pattern >= 0) {
          return QString::fromStdString(m_doc->leaks.knownReferences[static_cast<size_t>(leak.pattern)].description);
        }
        return QString::fromStdString(leak.description);
      default: return {};
    }
  }
  if (role == kObjectIdRole && !leak.chain.empty())
    return QVariant::fromValue<qulonglong>(leak.chain.back().objectId.value);
  if (role == Qt::ToolTipRole) return tr("signature %1").arg(QString::fromStdString(leak.signature));
  if (role == Qt::FontRole && column == kWhat) return boldFont();
  return {};
}

QVariant LeakTreeModel::linkData(const ChainNode& node, int column, int role) {
  if (role == Qt::DisplayRole) {
    switch (column) {
      case kWhat:
        return QStringLiteral("%1 → %2 %3")
            .arg(referenceText(node), QString::fromStdString(node.className), hexId(node.objectId));
      case kStatus: return QString::fromStdString(std::string(core::analysis::leakingStatusName(node.status)));
      case kReason: return QString::fromStdString(node.reason);
      default: return {};
    }
  }
  if (role == kObjectIdRole) return QVariant::fromValue<qulonglong>(node.objectId.value);
  if (role == Qt::ForegroundRole && column == kStatus) return QBrush(statusColour(node.status));
  if (role == Qt::FontRole && node.suspect && column == kWhat) return boldFont(true);
  if (role == Qt::ToolTipRole && node.suspect)
    return tr("Suspect reference: the leak is fixed by cutting one of these");
  return {};
}

}  // namespace mxi::gui
