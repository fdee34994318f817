// Run launches… on the Startup page (issue 45): which device (the start page's list, or the live
// view's device), which app (the live view's app in front by default), the launch mode, how many
// counted runs (10), the activity (the launcher's when empty), tracing with its sampling interval,
// and a baseline session file to compare with (optional).
#pragma once

#include <QDialog>
#include <QList>
#include <QString>

#include "core/adb/device_selection.h"
#include "core/agentlink/startup_runner.h"

class QCheckBox;
class QComboBox;
class QDialogButtonBox;
class QLineEdit;
class QSpinBox;

namespace mxi::gui {

struct DeviceChoice {
  QString label;  // "serial — model (device)"
  core::adb::DeviceSelection selection;
};

// What the dialog asks the page to run.
struct LaunchRequest {
  core::adb::DeviceSelection device;
  QString deviceLabel;
  core::agentlink::StartupRunOptions options;
  QString baseline;  // a session file of startup runs, "" for none
};

class RunLaunchesDialog final : public QDialog {
  Q_OBJECT
 public:
  // `preferred` is the device chosen at first (an index into `devices`), `package` the app.
  RunLaunchesDialog(QList<DeviceChoice> devices, int preferred, const QString& package, QWidget* parent = nullptr);
  LaunchRequest request() const;

  QComboBox* devicePicker() const { return m_device; }
  QLineEdit* packageEdit() const { return m_package; }
  QComboBox* modePicker() const { return m_mode; }
  QSpinBox* runsSpin() const { return m_runs; }
  QLineEdit* activityEdit() const { return m_activity; }
  QCheckBox* traceCheck() const { return m_trace; }
  QSpinBox* samplingSpin() const { return m_sampling; }
  QLineEdit* baselineEdit() const { return m_baseline; }
  bool canRun() const;  // a device and a package: the Run button is enabled

 private:
  void updateRunButton();

  QList<DeviceChoice> m_devices;
  QComboBox* m_device;
  QLineEdit* m_package;
  QComboBox* m_mode;
  QSpinBox* m_runs;
  QLineEdit* m_activity;
  QCheckBox* m_trace;
  QSpinBox* m_sampling;
  QLineEdit* m_baseline;
  QDialogButtonBox* m_buttons;
};

}  // namespace mxi::gui
