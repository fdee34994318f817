// Strings tab: duplicate String values, most wasted bytes first.
#pragma once

#include <QAbstractTableModel>

#include "app/gui/models/heap/heap_document.h"

namespace mxi::gui {

class DuplicateStringsModel : public QAbstractTableModel {
  Q_OBJECT
 public:
  enum Column { kValue, kCopies, kWasted, kColumns };
  explicit DuplicateStringsModel(const HeapDocument& doc, QObject* parent = nullptr)
      : QAbstractTableModel(parent), m_doc(doc) {}
  int rowCount(const QModelIndex& parent = {}) const override {
    return parent.isValid() ? 0 : static_cast<int>(m_doc.duplicates.strings.size());
  }
  int columnCount(const QModelIndex& parent = {}) const override { return parent.isValid() ? 0 : kColumns; }
  QVariant data(const QModelIndex& index, int role) const override;
  QVariant headerData(int section, Qt::Orientation orientation, int role) const override;

 private:
  const HeapDocument& m_doc;
};

}  // namespace mxi::gui
