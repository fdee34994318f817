#include "app/gui/models/triage_signature_model.h"

#include <QBrush>
#include <QColor>
#include <QDateTime>
#include <QFileInfo>
#include <QFont>

#include "app/gui/models/column_headers.h"
#include "app/gui/models/format.h"
#include "app/gui/models/roles.h"

namespace mxi::gui {
namespace triage = core::triage;
namespace {

QString text(const std::string& s) { return QString::fromStdString(s); }

QVariant timeCell(int role, int64_t ms) {
  if (role == kExactRole) return QVariant::fromValue(static_cast<qlonglong>(ms));
  if (role != Qt::DisplayRole) return {};
  if (ms <= 0) return QStringLiteral("—");
  return QDateTime::fromMSecsSinceEpoch(ms).toString(QStringLiteral("yyyy-MM-dd HH:mm"));
}

QColor kindColour(triage::SignatureKind kind) {
  switch (kind) {
    case triage::SignatureKind::kLeak: return {0xc0, 0x39, 0x2b};
    case triage::SignatureKind::kLibraryLeak: return {0x7f, 0x8c, 0x8d};
    case triage::SignatureKind::kBitmap: return {0x2e, 0x86, 0xc1};
    case triage::SignatureKind::kRegression: return {0xd6, 0x89, 0x10};
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
    if (text(m_rows[i].signature) == signature) return static_cast<int>(i);
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
  if (role == kSignatureRole) return text(s->signature);
  const bool isNew = m_doc && m_doc->view.newInThisRun.contains(s->signature);
  switch (index.column()) {
    case kKind:
      if (role == Qt::DisplayRole || role == kExactRole) return text(std::string(triage::kindName(s->kind)));
      if (role == Qt::ForegroundRole) return QBrush(kindColour(s->kind));
      return {};
    case kWhat:
      if (role == Qt::DisplayRole || role == kExactRole) return text(s->className);
      if (role == Qt::ToolTipRole) return text(s->chainText);
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
        return text(std::string(triage::statusName(s->status)));
      }
      if (role == Qt::ToolTipRole) return tr("Double-click to change: new, confirmed, ignored, fixed");
      return {};
    case kNote:
      if (role == Qt::DisplayRole || role == Qt::EditRole || role == kExactRole || role == Qt::ToolTipRole) {
        return text(s->note);
      }
      return {};
    case kFirstSeen: return timeCell(role, s->firstSeenMs);
    case kLastSeen: return timeCell(role, s->lastSeenMs);
    case kSignature:
      if (role == Qt::DisplayRole) return text(s->signature.substr(0, 12));
      if (role == kExactRole || role == Qt::ToolTipRole) return text(s->signature);
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
  emit statusEdited(text(s.signature), text(std::string(triage::statusName(s.status))), text(s.note));
  return true;
}

TriageOccurrenceModel::TriageOccurrenceModel(QObject* parent) : QAbstractTableModel(parent) {}

void TriageOccurrenceModel::setOccurrences(std::vector<triage::Occurrence> occurrences) {
  beginResetModel();
  m_rows = std::move(occurrences);
  endResetModel();
}

const triage::Occurrence* TriageOccurrenceModel::occurrenceAt(int row) const {
  return row >= 0 && row < static_cast<int>(m_rows.size()) ? &m_rows[static_cast<size_t>(row)] : nullptr;
}

int TriageOccurrenceModel::rowCount(const QModelIndex& parent) const {
  return parent.isValid() ? 0 : static_cast<int>(m_rows.size());
}
int TriageOccurrenceModel::columnCount(const QModelIndex& parent) const { return parent.isValid() ? 0 : kColumnCount; }

QVariant TriageOccurrenceModel::data(const QModelIndex& index, int role) const {
  const triage::Occurrence* o = occurrenceAt(index.row());
  if (!o) return {};
  const triage::CaptureInfo& c = o->capture.info;
  if (role == kPathRole) return text(c.path);
  auto plain = [&](const QString& value) -> QVariant {
    return role == Qt::DisplayRole || role == kExactRole ? QVariant(value) : QVariant();
  };
  switch (index.column()) {
    case kCapture:
      if (role == Qt::ToolTipRole) return tr("%1\nDouble-click to open it there").arg(text(c.path));
      return plain(QFileInfo(text(c.path)).fileName());
    case kAppVersion: return plain(c.appVersion.empty() ? tr("unknown") : text(c.appVersion));
    case kDevice: return plain(text(c.device));
    case kCaptured: return timeCell(role, c.capturedAtMs);
    case kCount: return numberCell(role, QVariant::fromValue(static_cast<qulonglong>(o->count)), NumberKind::kCount);
    case kRetained:
      return numberCell(role, QVariant::fromValue(static_cast<qulonglong>(o->retainedBytes)), NumberKind::kBytes);
    case kObject: return plain(text(o->objectId));
    default: return {};
  }
}

QVariant TriageOccurrenceModel::headerData(int section, Qt::Orientation orientation, int role) const {
  return columnHeader(
      {tr("Capture"), tr("App version"), tr("Device"), tr("Captured"), tr("Count"), tr("Retained"), tr("Object")},
      section, orientation, role);
}

}  // namespace mxi::gui
