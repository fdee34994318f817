// The live device view: pick an app (running first) → Start deploys mxi-agent (its version is
// shown) and streams into the dashboard while the session is recorded to a `.mxs` file; Mark
// annotates a moment, Dump heap streams a heap dump (progress) and hands it to the heap
// browser; Stop completes the file. The leak watch's mode (off, report, manual, auto:
// docs/LEAKS.md) is chosen beside Start; a manual verdict's Dump & analyse dumps the app and
// hands the dump to the heap browser on that Activity's leak. A lost device shows a banner, keeps everything recorded
// and resumes when the agent is back. An app that is not installed is named with the closest installed ones; one that
// does not run gets a banner with Wait for it / Launch it; the app's process dying and restarting is shown; a recording
// that captured nothing is not offered.
#pragma once

#include <QDateTime>
#include <QWidget>
#include <memory>

#include "app/gui/jobs/live/live_device_job.h"

class QComboBox;
class QHBoxLayout;
class QLabel;
class QProgressBar;
class QPushButton;
class QVBoxLayout;

namespace mxi::gui {

class DemoDevice;
class LiveDashboard;

class LiveDeviceView : public QWidget {
  Q_OBJECT
 public:
  // `demo`, when given, is the simulated phone behind `target`; the view keeps it running.
  LiveDeviceView(LiveTarget target, std::unique_ptr<DemoDevice> demo, QWidget* parent = nullptr);
  ~LiveDeviceView() override;

  LiveDeviceJob& job() { return *m_job; }
  LiveDashboard* dashboard() const { return m_dashboard; }
  QComboBox* appPicker() const { return m_apps; }
  QPushButton* checkApkButton() const { return m_checkApk; }
  QPushButton* runLaunchesButton() const { return m_runLaunches; }
  // The package the picker names (its item's package, or what was typed); empty when none.
  QString chosenPackage() const;
  QComboBox* leakWatchPicker() const { return m_leakWatch; }  // off, report, manual, auto
  QString sessionPath() const { return m_sessionPath; }
  QString bannerText() const;
  // The banner of an app that cannot be recorded (not installed, not running); empty when hidden.
  QString appBannerText() const;
  // How often the connection was lost since Start.
  int connectionLosses() const { return m_losses; }
  QString agentText() const;
  DemoDevice* demo() const { return m_demo.get(); }

  // What the buttons do (tests call them). start() uses the picked app; Wait for it and Launch it
  // (the not-running banner's buttons) start with kWait and kLaunch.
  void refreshApps();
  void start(LiveDeviceJob::AppStart how = LiveDeviceJob::AppStart::kRefuse);
  void stop();
  void mark(const QString& label);
  void dumpHeap();
  // Dump & analyse of a leak verdict (manual mode): a dump with GC, then leakDumpArrived().
  void dumpLeak(const QString& activity);
  // Traces the app's methods for `seconds` (or a cold launch when `launch`), sampling every
  // `samplingUs` (0: every call). traceMethods() asks with a dialog first.
  void traceMethods(double seconds, uint32_t samplingUs, bool launch);
  void chooseMethodTrace();
  // Where sessions and heap dumps go (default: the app's data folder, "recordings").
  static QString recordingsDir();

 signals:
  void appsReady();                           // the picker is filled
  void started();                             // the agent is connected and streaming
  void sessionFinished(const QString& path);  // Stop: the .mxs is complete
  void heapDumpArrived(const QString& path);
  void leakDumpArrived(const QString& path, const QString& activity);  // Dump & analyse's dump
  void leakWatchChosen(const QString& mode);                           // the picker changed
  void methodTraceArrived(const QString& path, int issues);
  void failed(const QString& message);
  void appUnavailable(const QString& message);  // nothing is recorded; appBannerText() says why
  // Check APK…: the picked app's APKs are to be pulled from this device and checked.
  void checkApkRequested(const mxi::core::adb::DeviceSelection& device, const QString& package);
  // Run launches…: the Startup page's dialog for the picked app on this device.
  void launchesRequested(const mxi::core::adb::DeviceSelection& device, const QString& label, const QString& package);

 private:
  // The constructor's parts: the controls, what they do, and following the job
  // (live_device_view_job.cpp).
  QHBoxLayout* makeToolbar();
  void makeBanners();
  void connectControls();
  void followJob();
  QString recordingFile(const QString& kind, const QString& extension) const;
  void updateButtons();
  void showBanner(const QString& text, bool alarm);
  void hideBannerLater();  // in 10 s, unless another banner replaced it

  std::unique_ptr<DemoDevice> m_demo;
  LiveDeviceJob* m_job;
  LiveDashboard* m_dashboard = nullptr;
  QVBoxLayout* m_layout;
  QComboBox* m_apps;
  QComboBox* m_leakWatch;
  QString m_leakDumpPath, m_leakDumpActivity;  // Dump & analyse in progress
  QPushButton *m_refresh, *m_start, *m_stop, *m_mark, *m_dump;
  QLabel* m_agent;
  QLabel* m_status;
  QLabel* m_banner;
  QWidget* m_appBanner;
  QLabel* m_appBannerText;
  QPushButton *m_waitForApp, *m_launchApp;
  QProgressBar* m_dumpProgress;
  QPushButton* m_trace;
  QPushButton* m_checkApk;
  QPushButton* m_runLaunches;
  bool m_tracing = false;  // the transfer in progress is a method trace
  QString m_sessionPath;
  int m_marks = 0;
  bool m_connected = false;
  bool m_everConnected = false;  // since Start: started() is emitted once
  int m_losses = 0;
  QDateTime m_lostAt;          // invalid while connected
  int m_bannerGeneration = 0;  // a timed hide only hides the banner it was meant for
};

}  // namespace mxi::gui
