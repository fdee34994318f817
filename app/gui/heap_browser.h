// The heap browser: a summary, then Leaks, Bitmaps, Classes, Dominators and Strings tabs, all
// over one loaded HeapDocument.
#pragma once

#include <memory>
#include <QTabWidget>

#include "app/gui/heap_document.h"

namespace mxi::gui {

class BitmapGallery;
class ClassHistogramModel;
class DominatorTreeModel;
class DuplicateStringsModel;
class HeapCompareView;
class InstanceInspector;
class LeakTreeModel;

class HeapBrowser : public QTabWidget {
  Q_OBJECT
 public:
  explicit HeapBrowser(std::shared_ptr<HeapDocument> doc, QWidget* parent = nullptr);
  ~HeapBrowser() override;
  const HeapDocument& document() const { return *m_doc; }
  // Switches to a tab by name: summary, leaks, bitmaps, classes, dominators, strings, inspector,
  // compare.
  bool showView(const QString& name);
  // Opens an object in the Inspector tab; false when the id is not in the dump.
  bool inspect(core::hprof::ObjectId id);

  LeakTreeModel* leakModel() const { return m_leaks; }
  ClassHistogramModel* classModel() const { return m_classes; }
  DominatorTreeModel* dominatorModel() const { return m_dominators; }
  DuplicateStringsModel* stringsModel() const { return m_strings; }
  BitmapGallery* bitmapGallery() const { return m_gallery; }
  InstanceInspector* inspector() const { return m_inspector; }
  HeapCompareView* compareView() const { return m_compare; }

 private:
  QWidget* makeSummary();
  std::shared_ptr<HeapDocument> m_doc;
  LeakTreeModel* m_leaks = nullptr;
  ClassHistogramModel* m_classes = nullptr;
  DominatorTreeModel* m_dominators = nullptr;
  DuplicateStringsModel* m_strings = nullptr;
  BitmapGallery* m_gallery = nullptr;
  InstanceInspector* m_inspector = nullptr;
  HeapCompareView* m_compare = nullptr;
};

}  // namespace mxi::gui
