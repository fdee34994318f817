// The Startup page (issue 45): repeated launches of an app measured on a device (Run launches…,
// from the Device menu or the live view's app) on StartupRunJob's thread with a progress bar per
// launch and Cancel (the runs so far are kept), a session file of startup runs opened here, a
// baseline set loaded beside them (Load baseline…, or the dialog's baseline) with core's verdict
// over both, and the runs written to a session file (Save runs…). One set shows at a time.
#pragma once

#include <QList>
#include <QString>
#include <memory>

#include "app/gui/views/page.h"
#include "app/gui/views/startup/run_launches_dialog.h"
#include "core/session/session_data.h"
#include "core/startup/startup_report.h"

class QAction;
class QLabel;
class QProgressBar;
class QPushButton;

namespace mxi::gui {

class SessionLoadJob;
class StartupRunJob;
class StartupView;

class StartupPage final : public Page {
  Q_OBJECT
 public:
  StartupPage(const Settings& settings, QWidget* parent = nullptr);
  ~StartupPage() override;
  bool hasDocument() const override { return m_view != nullptr || isRunning(); }
  StartupView* view() const { return m_view; }
  QAction* runAction() const { return m_runAction; }            // Device → Run launches…
  QAction* baselineAction() const { return m_baselineAction; }  // with runs shown
  QAction* saveAction() const { return m_saveAction; }          // with runs shown
  StartupRunJob* runJob() const { return m_runJob.get(); }
  // From runLaunches() until the runs (or the failure) arrive.
  bool isRunning() const { return m_running; }
  QProgressBar* launchProgress() const { return m_progress; }
  QPushButton* cancelButton() const { return m_cancel; }

  // Run launches…: the dialog over `devices` (the one at `preferred` chosen), `package` preset;
  // runs what it asks for when accepted.
  void chooseLaunches(const QList<DeviceChoice>& devices, int preferred, const QString& package);
  // Runs the launches `request` asks for (ignored while some run); its baseline, if any, is
  // loaded once they are measured.
  void runLaunches(const LaunchRequest& request);
  // A loaded session file holding startup runs (SessionPage hands those over).
  void showSession(const QString& path, const std::shared_ptr<const core::session::SessionData>& session);
  // The shown runs compared with the startup runs of the session file at `path`.
  void loadBaseline(const QString& path);
  // Writes the shown runs to `path` (a session file); false and failed() when it cannot.
  bool saveRuns(const QString& path);

 signals:
  void runsShown();  // the view shows a set of runs (measured or opened)
  void baselineShown();

 private:
  // Shows `report` (its verdict worked out against the baseline shown, if any).
  void show(core::startup::StartupReport report, const QString& deviceLabel);
  void setBaseline(std::shared_ptr<const core::startup::StartupReport> baseline, const QString& path);
  void rebuildView();
  void updateActions();

  QAction* m_runAction;
  QAction* m_baselineAction;
  QAction* m_saveAction;
  QWidget* m_runningRow;  // the launch progress row, shown while launches run
  QLabel* m_phase;
  QProgressBar* m_progress;
  QPushButton* m_cancel;
  StartupView* m_view = nullptr;
  std::shared_ptr<const core::startup::StartupReport> m_report, m_baseline;
  QString m_baselinePath;
  QString m_device;  // where the shown runs were measured (the session file's device)
  std::unique_ptr<StartupRunJob> m_runJob;
  std::unique_ptr<SessionLoadJob> m_baselineJob;
  bool m_running = false;     // not the job's isRunning(): its thread outlives its result by a moment
  QString m_pendingBaseline;  // the dialog's baseline, loaded once the runs are measured
};

}  // namespace mxi::gui
