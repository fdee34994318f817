// The Triage window's lower table: the captures one signature was seen in, oldest first (a
// double-click opens a heap dump there).
#pragma once

#include <QAbstractTableModel>
#include <vector>

#include "core/triage/triage_store.h"

namespace mxi::gui {

class TriageOccurrenceModel : public QAbstractTableModel {
  Q_OBJECT
 public:
  enum Column { kCapture, kAppVersion, kDevice, kCaptured, kCount, kRetained, kObject, kColumnCount };
  static constexpr int kPathRole = Qt::UserRole + 41;

  explicit TriageOccurrenceModel(QObject* parent = nullptr);
  void setOccurrences(std::vector<core::triage::Occurrence> occurrences);
  const core::triage::Occurrence* occurrenceAt(int row) const;

  int rowCount(const QModelIndex& parent = {}) const override;
  int columnCount(const QModelIndex& parent = {}) const override;
  QVariant data(const QModelIndex& index, int role) const override;
  QVariant headerData(int section, Qt::Orientation orientation, int role) const override;

 private:
  std::vector<core::triage::Occurrence> m_rows;
};

}  // namespace mxi::gui
