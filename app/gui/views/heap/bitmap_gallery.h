// Bitmaps tab: a gallery of duplicate groups (thumbnail, size, copies, wasted bytes); selecting
// one shows the picture at full size with zoom and the chain of every copy.
#pragma once

#include <QWidget>

#include "app/gui/models/heap/heap_document.h"

class QLabel;
class QListWidget;
class QPlainTextEdit;
class QSlider;

namespace mxi::gui {

class BitmapGallery : public QWidget {
  Q_OBJECT
 public:
  BitmapGallery(const HeapDocument& doc, QWidget* parent = nullptr);
  int thumbnailCount() const;
  // The group's picture (raw pixels decoded, or the stored PNG/JPEG/WEBP); null if undecodable.
  static QImage pictureOf(const HeapDocument& doc, const core::analysis::BitmapGroup& group);

 private:
  void showGroup(int row);
  const HeapDocument& m_doc;
  QListWidget* m_list;
  QLabel* m_picture;
  QSlider* m_zoom;
  QPlainTextEdit* m_chains;
  QImage m_current;
};

}  // namespace mxi::gui
