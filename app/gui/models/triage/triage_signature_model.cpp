#include "app/gui/models/triage/triage_signature_model.h"

#include <QBrush>
#include <QColor>
#include <QFont>

#include "app/gui/models/column_headers.h"
#include "app/gui/models/format.h"
#include "app/gui/models/roles.h"

namespace mxi::gui {
namespace triage = core::triage;
namespace {

QColor kindColour(triage::SignatureKind kind) {
  switch (kind) {
    case triage::SignatureKind::kLeak: return {0xc0, 0x39, 0x2b};
    case triage::SignatureKind::kLibraryLeak: return {0x7f, 0x8c, 0x8d};
    case triage::SignatureKind::kBitmap: return {0x2e, 0x86, 0xc1};
    case triage::SignatureKind::kRegression: return {0xd6, 0x89, 0x10};
    case triage::SignatureKind::kStrictMode: return {0x8e, 0x44, 0xad};
    case triage::SignatureKind::kSqliteLint: return {0x16, 0xa0, 0x85};
  }
  return {};
}

}  // namespace

TriageSignatureModel::TriageSignatureModel(QObject* parent) : QAbstractTableModel(parent) {}

void TriageSignatureModel::setDocument(std::shared_ptr<const TriageDocument> document) {
  beginResetModel();
  m_doc = std::move(document);
  m_rows = m_doc ? m_doc->view.signatures : std::vector<triage::SignatureSummary>{};
  endResetModel();
}

const triage::SignatureSummary* TriageSignatureModel::signatureAt(int row) const {
  return row >= 0 && row < static_cast<int>(m_rows.size()) ? &m_rows[static_cast<size_t>(row)] : nullptr;
}

int TriageSignatureModel::rowOf(const QString& signature) const {
  for (size_t i = 0; i < m_rows.size(); ++i) {
    if (QString::fromStdString(m_rows[i].signature) == signature) return static_cast<int>(i);
  }
  return -1;
}

int TriageSignatureModel::rowCount(const QModelIndex& parent) const {
  return parent.isValid() ? 0 : static_cast<int>(m_rows.size());
}
int TriageSignatureModel::columnCount(const QModelIndex& parent) const { return parent.isValid() ? 0 : kColumnCount; }

QVariant TriageSignatureModel::data(const QModelIndex& index, int role) const {
  const triage::SignatureSummary* s = signatureAt(index.row());
  if (!s) return {};
  if (role == kSignatureRole) return QString::fromStdString(s->signature);
  const bool isNew = m_doc && m_doc->view.newInThisRun.contains(s->signature);
  switch (index.column()) {
    case kKind:
      if (role == Qt::DisplayRole || role == kExactRole)
        return QString::fromStdString(std::string(triage::kindName(s->kind)));
      if (role == Qt::ForegroundRole) return QBrush(kindColour(s->kind));
      return {};
    case kWhat:
      if (role == Qt::DisplayRole || role == kExactRole) return QString::fromStdString(s->className);
      if (role == Qt::ToolTipRole) return QString::fromStdString(s->chainText);
      if (role == Qt::FontRole && isNew) {
        QFont bold;
        bold.setBold(true);
        return bold;
      }
      return {};
    case kCaptures:
      return numberCell(role, QVariant::fromValue(static_cast<qulonglong>(s->captures)), NumberKind::kCount);
    case kRetained:
      if (s->kind == triage::SignatureKind::kRegression)
        return role == Qt::DisplayRole ? QStringLiteral("—") : QVariant();
      return numberCell(role, QVariant::fromValue(static_cast<qulonglong>(s->maxRetainedBytes)), NumberKind::kBytes);
    case kStatus:
      if (role == Qt::DisplayRole || role == Qt::EditRole || role == kExactRole) {
        return QString::fromStdString(std::string(triage::statusName(s->status)));
      }
      if (role == Qt::ToolTipRole) return tr("Double-click to change: new, confirmed, ignored, fixed");
      return {};
    case kNote:
      if (role == Qt::DisplayRole || role == Qt::EditRole || role == kExactRole || role == Qt::ToolTipRole) {
        return QString::fromStdString(s->note);
      }
      return {};
    case kFirstSeen: return dateTimeCell(role, s->firstSeenMs);
    case kLastSeen: return dateTimeCell(role, s->lastSeenMs);
    case kSignature:
      if (role == Qt::DisplayRole) return QString::fromStdString(s->signature.substr(0, 12));
      if (role == kExactRole || role == Qt::ToolTipRole) return QString::fromStdString(s->signature);
      return {};
    default: return {};
  }
}

QVariant TriageSignatureModel::headerData(int section, Qt::Orientation orientation, int role) const {
  return columnHeader({tr("Kind"), tr("What"), tr("Captures"), tr("Max retained"), tr("Status"), tr("Note"),
                       tr("First seen"), tr("Last seen"), tr("Signature")},
                      section, orientation, role);
}

Qt::ItemFlags TriageSignatureModel::flags(const QModelIndex& index) const {
  Qt::ItemFlags f = QAbstractTableModel::flags(index);
  if (index.column() == kStatus || index.column() == kNote) f |= Qt::ItemIsEditable;
  return f;
}

bool TriageSignatureModel::setData(const QModelIndex& index, const QVariant& value, int role) {
  if (role != Qt::EditRole || !index.isValid() || index.row() >= static_cast<int>(m_rows.size())) return false;
  triage::SignatureSummary& s = m_rows[static_cast<size_t>(index.row())];
  if (index.column() == kStatus) {
    const auto status = triage::parseStatus(value.toString().toStdString());
    if (!status) return false;
    s.status = *status;
  } else if (index.column() == kNote) {
    s.note = value.toString().toStdString();
  } else {
    return false;
  }
  emit dataChanged(index, index);
  emit statusEdited(QString::fromStdString(s.signature),
                    QString::fromStdString(std::string(triage::statusName(s.status))), QString::fromStdString(s.note));
  return true;
}

}  // namespace mxi::gui
