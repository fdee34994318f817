// The heap document page: opens a dump (File → Open dump…, a drop, the live view's heap dump,
// the Triage window's double-click) on HeapLoadJob's thread and shows it in a HeapBrowser from
// the index on, each tab filling in as its stage lands; one load at a time.
#pragma once

#include <QElapsedTimer>
#include <memory>

#include "app/gui/jobs/heap/heap_load_job.h"
#include "app/gui/views/page.h"

class QAction;

namespace mxi::gui {

class HeapBrowser;

class HeapPage final : public Page {
  Q_OBJECT
 public:
  HeapPage(const Settings& settings, QWidget* parent = nullptr);
  ~HeapPage() override;
  bool hasDocument() const override { return m_browser != nullptr; }
  HeapBrowser* browser() const { return m_browser; }
  QAction* openAction() const { return m_openAction; }  // File → Open dump…

  // Ignored while another dump loads.
  void openDump(const QString& path);
  // Opens `path` showing that leak (by signature, or the class of its leaking objects: the live
  // view's Dump & analyse names the leaked Activity) or that object (0: none) first.
  void openDumpAt(const QString& path, const QString& leakSignature, quint64 objectId);

 signals:
  void dumpLoaded();  // every tab of the heap browser has its data
  void dumpOpened();  // the heap browser is shown: Summary and Classes usable, the rest computing
  void heapStageShown(mxi::gui::HeapStage stage);  // its tabs show it now

 private:
  void chooseDump();
  void indexed(std::shared_ptr<HeapDocument> document);
  void loaded(std::shared_ptr<HeapDocument> document);
  void loadFailed(const QString& message);
  void noteMilestone(const char* name);

  QAction* m_openAction;
  HeapBrowser* m_browser = nullptr;
  HeapBrowser* m_loadingBrowser = nullptr;  // the browser whose stages are still coming
  std::unique_ptr<HeapLoadJob> m_job;
  QElapsedTimer m_openClock;  // since the open began (MXI_GUI_TIMINGS)
  // Where the next opened dump should show (the Triage window's double-click).
  QString m_focusLeak;
  quint64 m_focusObject = 0;
};

}  // namespace mxi::gui
