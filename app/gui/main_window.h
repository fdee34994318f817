// The main window: a start page (open a dump, recent files, drag and drop), then the heap
// browser of the opened dump. Loading runs on HeapLoadJob's thread with progress and Cancel.
#pragma once

#include <QElapsedTimer>
#include <QMainWindow>
#include <memory>

#include "app/gui/jobs/capture_import.h"
#include "app/gui/jobs/heap_load_job.h"
#include "app/gui/jobs/live_device_job.h"
#include "app/gui/jobs/session_load_job.h"
#include "app/gui/models/heap_document.h"
#include "app/gui/settings/settings.h"

class QLabel;
class QListWidget;
class QProgressBar;
class QPushButton;
class QStackedWidget;
class QTemporaryDir;

namespace mxi::gui {

class HeapBrowser;
class HeapLoadJob;
class DeviceTracker;
class DemoDevice;
class LiveDashboard;
class LiveDeviceView;
class SessionView;
class MethodTraceView;
class MethodTraceJob;
class TriageJob;
class TriageView;

class MainWindow : public QMainWindow {
  Q_OBJECT
 public:
  explicit MainWindow(QWidget* parent = nullptr);
  ~MainWindow() override;
  void openDump(const QString& path);
  // Raw device captures (framestats, Matrix issues, ANR traces, methodMapping.txt) as a session:
  // imported off the UI thread by core's session import; sessionOpened() when shown.
  void openCaptures(const CaptureFiles& files);
  // A recorded session (.mxs), loaded off the UI thread; sessionOpened() when shown.
  void openSession(const QString& path);
  // A method trace (.trace, plain or gzip), loaded off the UI thread; traceOpened() when shown.
  void openMethodTrace(const QString& path, const QString& mappingPath = {});
  MethodTraceView* traceView() const { return m_traceView; }
  // The Triage window over `store` (an SQLite file or postgresql://…), after analysing
  // `captures` (files or folders) into it, off the UI thread; triageOpened() when shown.
  void openTriage(const QString& store, const QStringList& captures = {});
  TriageView* triageView() const { return m_triageView; }
  // Opens each file by what it is: heap dumps load in the heap browser, captures in the dashboard.
  void openFiles(const QStringList& paths);
  HeapBrowser* heapBrowser() const { return m_browser; }
  // The dashboard of the open session (a session file or imported captures).
  LiveDashboard* dashboard() const;
  SessionView* sessionView() const { return m_sessionView; }
  // Lists attached devices on the start page, live (host:track-devices; starts an adb server
  // when none runs). The app calls it at startup; tests call it with a private server.
  void startDeviceTracking();
  QListWidget* deviceList() const { return m_devices; }
  // Switches the central view: "start", "heap", "session", "live", "trace", "triage".
  bool showPage(const QString& name);
  // Settings (Edit → Settings…): read from QSettings at startup. applySettings() takes effect at
  // once where it can (device tracking, the open session's thresholds) and for every file opened
  // afterwards; it does not save (the dialog does).
  const Settings& settings() const { return m_settings; }
  void applySettings(const Settings& settings);

  // The live device view for a device (replacing any previous one); `demo` keeps a simulated
  // phone alive for as long as the view shows it.
  LiveDeviceView* openLiveDevice(LiveTarget target, std::unique_ptr<DemoDevice> demo = {});
  // "Try the demo": starts the simulated phone and opens its live view. False (and openFailed)
  // when the simulator cannot start.
  bool startDemo();
  LiveDeviceView* liveView() const { return m_liveView; }
  // Where this program looks for mxi-agent binaries.
  static core::agentlink::AgentSearch agentSearch();

 signals:
  void dumpLoaded();  // every tab of the heap browser has its data
  void dumpOpened();  // the heap browser is shown: Summary and Classes usable, the rest computing
  void heapStageShown(mxi::gui::HeapStage stage);  // its tabs show it now
  void openFailed(const QString& message);         // a dump, session or captures could not be opened
  void sessionOpened();
  void traceOpened();
  void triageOpened();  // the Triage window shows the store as the latest job read it

 protected:
  void dragEnterEvent(QDragEnterEvent* event) override;
  void dropEvent(QDropEvent* event) override;

 private:
  QWidget* makeStartPage();
  void chooseDump();
  void chooseCaptures();
  void chooseSession();
  void editSettings();
  void showSessionPage(SessionView* view);
  // Runs `job` and shows the session it opens in a SessionView (titled `label`), or reports why
  // it failed.
  void loadSession(std::unique_ptr<SessionLoadJob> job, const QString& label);
  // The status bar's progress and Cancel follow `job` (the latest started) until it ends.
  void chooseMethodTrace();
  void chooseTriage();
  void showJobProgress(WorkerJob* job);
  void hideJobProgress(WorkerJob* job);
  void indexed(std::shared_ptr<HeapDocument> document);
  void loaded(std::shared_ptr<HeapDocument> document);
  void noteMilestone(const char* name);
  void failed(const QString& message);
  // Status bar, openFailed() and (when shown) a dialog.
  void reportFailure(const QString& title, const QString& message);
  void rememberRecent(const QString& path);
  void refreshRecent();

  QStackedWidget* m_stack;
  QListWidget* m_recent = nullptr;
  QListWidget* m_devices = nullptr;
  QLabel* m_deviceStatus = nullptr;
  DeviceTracker* m_tracker = nullptr;
  HeapBrowser* m_browser = nullptr;
  MethodTraceView* m_traceView = nullptr;
  std::unique_ptr<MethodTraceJob> m_traceJob;
  TriageView* m_triageView = nullptr;
  std::unique_ptr<TriageJob> m_triageJob;
  // Where the next opened dump should show (the Triage window's double-click).
  QString m_focusLeak;
  quint64 m_focusObject = 0;
  HeapBrowser* m_loadingBrowser = nullptr;           // the browser whose stages are still coming
  QElapsedTimer m_openClock;                         // since the open began (MXI_GUI_TIMINGS)
  SessionView* m_sessionView = nullptr;              // a .mxs, or imported captures
  std::unique_ptr<QTemporaryDir> m_captureSessions;  // session files imported from captures
  int m_captureImports = 0;
  LiveDeviceView* m_liveView = nullptr;
  QProgressBar* m_progress;
  QLabel* m_phase;
  QPushButton* m_cancel;
  std::unique_ptr<HeapLoadJob> m_job;
  std::unique_ptr<SessionLoadJob> m_sessionJob;
  WorkerJob* m_shownJob = nullptr;  // whose progress the status bar shows
  Settings m_settings;
};

}  // namespace mxi::gui
