// The main window: a stack of pages — start (openers, devices, recent files), heap dump,
// session, live device, method trace, triage, APK, startup — and the menus, the status bar and drag and drop
// around them. Each page opens its own documents and runs their jobs (views/*/..._page.h); the
// window only switches between pages, routes files to the page that opens them and relays what
// pages report (the status line, the running job's progress and Cancel, failures, recent files).
#pragma once

#include <QMainWindow>
#include <memory>

#include "app/gui/jobs/heap/heap_load_job.h"
#include "app/gui/jobs/live/live_device_job.h"
#include "app/gui/jobs/session/capture_import.h"
#include "app/gui/settings/settings.h"

class QLabel;
class QListWidget;
class QProgressBar;
class QPushButton;
class QStackedWidget;

namespace mxi::gui {

class ApkPage;
class ApkView;
class DemoDevice;
class HeapBrowser;
class HeapPage;
class LiveDashboard;
class LiveDeviceView;
class LivePage;
class MethodTraceView;
class Page;
class SessionPage;
class SessionView;
class StartPage;
class StartupPage;
class StartupView;
class TracePage;
class TriagePage;
class TriageView;
class WorkerJob;

class MainWindow : public QMainWindow {
  Q_OBJECT
 public:
  explicit MainWindow(QWidget* parent = nullptr);
  ~MainWindow() override;

  // The openers, each handled by its page; the page is shown when its document is.
  void openDump(const QString& path);
  // Raw device captures (framestats, Matrix issues, ANR traces, methodMapping.txt) as a session:
  // imported off the UI thread by core's session import; sessionOpened() when shown.
  void openCaptures(const CaptureFiles& files);
  // A recorded session (.mxs), loaded off the UI thread; sessionOpened() when shown.
  void openSession(const QString& path);
  // A method trace (.trace, plain or gzip), loaded off the UI thread; traceOpened() when shown.
  void openMethodTrace(const QString& path, const QString& mappingPath = {});
  // The Triage window over `store` (an SQLite file or postgresql://…), after analysing
  // `captures` (files or folders) into it, off the UI thread; triageOpened() when shown.
  void openTriage(const QString& store, const QStringList& captures = {});
  // An app's package (an APK, a base with its splits, or a folder of them), checked off the UI
  // thread; apkOpened() when shown.
  void openApk(const QStringList& paths);
  // Opens each file by what it is (.apk files together as one app's package): heap dumps load in the heap browser,
  // captures in the dashboard.
  void openFiles(const QStringList& paths);
  // The live device view for a device (replacing any previous one); `demo` keeps a simulated
  // phone alive for as long as the view shows it.
  LiveDeviceView* openLiveDevice(LiveTarget target, std::unique_ptr<DemoDevice> demo = {});
  // "Try the demo": starts the simulated phone and opens its live view. False (and openFailed)
  // when the simulator cannot start.
  bool startDemo();
  // Lists attached devices on the start page, live (host:track-devices; starts an adb server
  // when none runs). The app calls it at startup; tests call it with a private server.
  void startDeviceTracking();
  // Where this program looks for mxi-agent binaries.
  static core::agentlink::AgentSearch agentSearch();

  // What the pages show (null before their first document).
  HeapBrowser* heapBrowser() const;
  SessionView* sessionView() const;
  LiveDashboard* dashboard() const;  // of the open session (a session file or imported captures)
  LiveDeviceView* liveView() const;
  MethodTraceView* traceView() const;
  TriageView* triageView() const;
  ApkPage* apkPage() const { return m_apk; }
  ApkView* apkView() const;
  StartupPage* startupPage() const { return m_startup; }
  StartupView* startupView() const;
  QListWidget* deviceList() const;

  // Switches the central view: "start", "heap", "session", "live", "trace", "triage", "apk",
  // "startup".
  bool showPage(const QString& name);
  // Settings (Edit → Settings…): read from QSettings at startup. applySettings() takes effect at
  // once where it can (device tracking, the open session's thresholds) and for every file opened
  // afterwards; it does not save (the dialog does).
  const Settings& settings() const { return m_settings; }
  void applySettings(const Settings& settings);

 signals:
  void dumpLoaded();  // every tab of the heap browser has its data
  void dumpOpened();  // the heap browser is shown: Summary and Classes usable, the rest computing
  void heapStageShown(mxi::gui::HeapStage stage);  // its tabs show it now
  void openFailed(const QString& message);         // a dump, session or captures could not be opened
  void sessionOpened();
  void traceOpened();
  void triageOpened();   // the Triage window shows the store as the latest job read it
  void apkOpened();      // the APK page shows the checked package
  void startupOpened();  // the Startup page shows a set of launches (measured or opened)

 protected:
  void dragEnterEvent(QDragEnterEvent* event) override;
  void dropEvent(QDropEvent* event) override;

 private:
  void makeMenus();
  void makeStatusBar();
  // Adds `page` to the stack under `name` and relays what it reports.
  void addPage(const QString& name, Page* page);
  void editSettings();
  // Run launches… from the Device menu (null `live`) or a live view's app: the Startup page's
  // dialog over the start page's devices and the live view's.
  void chooseLaunches(const core::adb::DeviceSelection* live, const QString& liveLabel, const QString& package);
  // The status bar's progress and Cancel follow `job` (the latest started) until it ends.
  void showJobProgress(WorkerJob* job);
  void hideJobProgress(WorkerJob* job);
  // Status bar, openFailed() and (with a title, when shown) a dialog.
  void reportFailure(const QString& title, const QString& message);

  Settings m_settings;  // before the pages, which read it
  QStackedWidget* m_stack;
  std::vector<std::pair<QString, Page*>> m_pages;  // by name, in the stack's order
  HeapPage* m_heap;
  SessionPage* m_session;
  LivePage* m_live;
  TracePage* m_trace;
  TriagePage* m_triage;
  ApkPage* m_apk;
  StartupPage* m_startup;
  StartPage* m_start;
  QLabel* m_phase = nullptr;
  QProgressBar* m_progress = nullptr;
  QPushButton* m_cancel = nullptr;
  WorkerJob* m_shownJob = nullptr;  // whose progress the status bar shows
};

}  // namespace mxi::gui
