// The main window: a start page (open a dump, recent files, drag and drop), then the heap
// browser of the opened dump. Loading runs on HeapLoadJob's thread with progress and Cancel.
#pragma once

#include <memory>
#include <QMainWindow>

#include "app/gui/heap_document.h"

class QLabel;
class QListWidget;
class QProgressBar;
class QPushButton;
class QStackedWidget;

namespace mxi::gui {

class HeapBrowser;
class HeapLoadJob;

class MainWindow : public QMainWindow {
  Q_OBJECT
 public:
  explicit MainWindow(QWidget* parent = nullptr);
  ~MainWindow() override;
  void openDump(const QString& path);
  HeapBrowser* heapBrowser() const { return m_browser; }

 signals:
  void dumpLoaded();
  void dumpFailed(const QString& message);

 protected:
  void dragEnterEvent(QDragEnterEvent* event) override;
  void dropEvent(QDropEvent* event) override;

 private:
  QWidget* makeStartPage();
  void chooseDump();
  void loaded(std::shared_ptr<HeapDocument> document);
  void failed(const QString& message);
  void rememberRecent(const QString& path);
  void refreshRecent();

  QStackedWidget* m_stack;
  QListWidget* m_recent = nullptr;
  HeapBrowser* m_browser = nullptr;
  QProgressBar* m_progress;
  QLabel* m_phase;
  QPushButton* m_cancel;
  std::unique_ptr<HeapLoadJob> m_job;
};

}  // namespace mxi::gui
