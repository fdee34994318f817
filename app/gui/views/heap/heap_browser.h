// The heap browser: a summary, then Leaks, Bitmaps, Classes, Dominators and Strings tabs, all
// over one HeapDocument, shown from the moment the dump is indexed: Summary and Classes at once,
// every other tab a "computing…" page with its progress and Cancel until apply() brings its stage
// (heap_load_job.h).
#pragma once

#include <QTabWidget>
#include <memory>
#include <vector>

#include "app/gui/jobs/heap/heap_load_job.h"
#include "app/gui/models/heap/heap_document.h"

class QAbstractItemModel;
class QAbstractItemView;
class QLabel;
class QPushButton;
class QTextBrowser;
class QVBoxLayout;
class QTreeView;

namespace mxi::gui {

class BitmapGallery;
class DominatorTreemap;
class ClassHistogramModel;
class DominatorTreeModel;
class DuplicateStringsModel;
class HeapCompareView;
class InstanceInspector;
class LeakTreeModel;
class PendingTab;

class HeapBrowser : public QTabWidget {
  Q_OBJECT
 public:
  // `doc` indexed at least; a complete document shows every tab at once.
  explicit HeapBrowser(std::shared_ptr<HeapDocument> doc, QWidget* parent = nullptr);
  ~HeapBrowser() override;
  // A stage was applied to the document: its tabs replace their "computing…" pages.
  void apply(HeapStage stage);
  // The work in progress, shown on every page still waiting.
  void showProgress(const QString& phase, int permille);
  // The rest will not come (cancelled, failed): waiting pages say so.
  void stopPending(const QString& why);
  // Whether a tab (showView's names) shows its data yet.
  bool isReady(const QString& view) const;
  const HeapDocument& document() const { return *m_doc; }
  // Switches to a tab by name: summary, leaks, bitmaps, classes, dominators, strings, inspector,
  // compare.
  bool showView(const QString& name);
  // Opens an object in the Inspector tab; false when the id is not in the dump.
  bool inspect(core::hprof::ObjectId id);
  // Where the Triage window sends the user: the leak with this signature (or whose leaking objects
  // are of this class: the live view's Dump & analyse) selected on the Leaks tab, or (a bitmap, or
  // no such leak) `object` in the Inspector — now, or once its stage lands.
  void focus(const QString& leakSignature, core::hprof::ObjectId object);
  // The signature of the leak selected on the Leaks tab ("" when none).
  QString selectedLeakSignature() const;

  LeakTreeModel* leakModel() const { return m_leaks; }
  ClassHistogramModel* classModel() const { return m_classes; }
  DominatorTreeModel* dominatorModel() const { return m_dominators; }
  DuplicateStringsModel* stringsModel() const { return m_strings; }
  BitmapGallery* bitmapGallery() const { return m_gallery; }
  InstanceInspector* inspector() const { return m_inspector; }
  HeapCompareView* compareView() const { return m_compare; }
  DominatorTreemap* treemap() const { return m_treemap; }  // on Summary, once the tree exists

 signals:
  void cancelRequested();

 private:
  static int tabIndex(const QString& name);
  QWidget* makeSummary();
  QString summaryFacts() const;
  QPushButton* findingCard(int tab);
  void updateSummary();
  PendingTab* pending(const QString& waitingFor);  // a tab until its stage lands
  void replaceTab(int tab, QWidget* page, const QString& title);
  void inspectOnDoubleClick(QAbstractItemView* view);
  QTreeView* objectTree(QAbstractItemModel* model, int stretchColumn);
  std::shared_ptr<HeapDocument> m_doc;
  LeakTreeModel* m_leaks = nullptr;
  void applyFocus();
  QTreeView* m_leakView = nullptr;
  QString m_focusSignature;
  core::hprof::ObjectId m_focusObject{0};
  ClassHistogramModel* m_classes = nullptr;
  DominatorTreeModel* m_dominators = nullptr;
  DuplicateStringsModel* m_strings = nullptr;
  BitmapGallery* m_gallery = nullptr;
  InstanceInspector* m_inspector = nullptr;
  HeapCompareView* m_compare = nullptr;
  DominatorTreemap* m_treemap = nullptr;
  // Summary's parts that fill in as stages land.
  std::vector<QPushButton*> m_cards;  // leaks, bitmaps, strings
  QTextBrowser* m_facts = nullptr;
  QVBoxLayout* m_mapLayout = nullptr;
  QLabel* m_mapWaiting = nullptr;
};

}  // namespace mxi::gui
