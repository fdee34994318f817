// The heap document page: opens a dump (File → Open dump…, a drop, the live view's heap dump,
// the Triage window's double-click) on HeapLoadJob's thread and shows it in a HeapBrowser from
// the index on, each tab filling in as its stage lands; one load at a time. A release build's
// dump goes through the R8/ProGuard mapping Settings hold for its app and version; Apply
// mapping… re-opens the shown dump through a file of the user's; the line above the tabs says
// which names the dump shows.
#pragma once

#include <QElapsedTimer>
#include <memory>

#include "app/gui/jobs/heap/heap_load_job.h"
#include "app/gui/views/page.h"

class QAction;
class QLabel;

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
  // File → Apply mapping… (and the button above the tabs): enabled while a dump is shown.
  QAction* applyMappingAction() const { return m_applyMappingAction; }
  // "Original names from mapping.txt (com.example.app 13)" and the like, above the tabs.
  QString mappingText() const;

  // Ignored while another dump loads.
  void openDump(const QString& path);
  // Opens `path` showing that leak (by signature, or the class of its leaking objects: the live
  // view's Dump & analyse names the leaked Activity) or that object (0: none) first.
  void openDumpAt(const QString& path, const QString& leakSignature, quint64 objectId);
  // Re-opens the dump shown through `mappingFile` (an R8/ProGuard mapping.txt), whatever its app.
  // Ignored while a dump loads or when none is shown.
  void applyMapping(const QString& mappingFile);

 signals:
  void dumpLoaded();  // every tab of the heap browser has its data
  void dumpOpened();  // the heap browser is shown: Summary and Classes usable, the rest computing
  void heapStageShown(mxi::gui::HeapStage stage);  // its tabs show it now

 private:
  void chooseDump();
  void chooseMapping();
  void open(const QString& path, const QString& mappingFile);
  void indexed(std::shared_ptr<HeapDocument> document);
  void loaded(std::shared_ptr<HeapDocument> document);
  void loadFailed(const QString& message);
  void noteMilestone(const char* name);

  QAction* m_openAction;
  QAction* m_applyMappingAction;
  QLabel* m_mappingLine = nullptr;  // above the browser's tabs
  HeapBrowser* m_browser = nullptr;
  HeapBrowser* m_loadingBrowser = nullptr;  // the browser whose stages are still coming
  std::unique_ptr<HeapLoadJob> m_job;
  QElapsedTimer m_openClock;  // since the open began (MXI_GUI_TIMINGS)
  // Where the next opened dump should show (the Triage window's double-click).
  QString m_focusLeak;
  quint64 m_focusObject = 0;
};

}  // namespace mxi::gui
