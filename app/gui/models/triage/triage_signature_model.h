// The Triage window's table: one row per signature, by impact, with its status and note
// editable in place (setData emits statusEdited; the job writes it to the store).
#pragma once

#include <QAbstractTableModel>
#include <memory>

#include "app/gui/models/triage/triage_document.h"

namespace mxi::gui {

class TriageSignatureModel : public QAbstractTableModel {
  Q_OBJECT
 public:
  enum Column { kKind, kWhat, kCaptures, kRetained, kStatus, kNote, kFirstSeen, kLastSeen, kSignature, kColumnCount };
  static constexpr int kSignatureRole = Qt::UserRole + 40;  // the full signature, any column

  explicit TriageSignatureModel(QObject* parent = nullptr);
  void setDocument(std::shared_ptr<const TriageDocument> document);
  const core::triage::SignatureSummary* signatureAt(int row) const;
  int rowOf(const QString& signature) const;

  int rowCount(const QModelIndex& parent = {}) const override;
  int columnCount(const QModelIndex& parent = {}) const override;
  QVariant data(const QModelIndex& index, int role) const override;
  QVariant headerData(int section, Qt::Orientation orientation, int role) const override;
  Qt::ItemFlags flags(const QModelIndex& index) const override;
  bool setData(const QModelIndex& index, const QVariant& value, int role) override;

 signals:
  void statusEdited(const QString& signature, const QString& status, const QString& note);

 private:
  std::shared_ptr<const TriageDocument> m_doc;
  std::vector<core::triage::SignatureSummary> m_rows;  // status and note as edited since
};

}  // namespace mxi::gui
