// The live device page: one device's LiveDeviceView (its apps, the dashboard while recording,
// Mark, Dump heap, Trace methods), opened from the start page's device list or the demo's
// simulated phone; a heap dump it receives opens in the heap page (heapDumpArrived).
#pragma once

#include <memory>

#include "app/gui/jobs/live/live_device_job.h"
#include "app/gui/views/page.h"

class QAction;

namespace mxi::gui {

class DemoDevice;
class LiveDeviceView;

class LivePage final : public Page {
  Q_OBJECT
 public:
  LivePage(const Settings& settings, QWidget* parent = nullptr);
  ~LivePage() override;
  bool hasDocument() const override { return m_view != nullptr; }
  LiveDeviceView* view() const { return m_view; }
  QAction* demoAction() const { return m_demoAction; }  // Device → Try the demo

  // The live view for a device (replacing any previous one, whose recording completes first);
  // `demo` keeps a simulated phone alive for as long as the view shows it.
  LiveDeviceView* openLiveDevice(LiveTarget target, std::unique_ptr<DemoDevice> demo = {});
  // A device of the start page's list ("serial — model (device)"), through the chosen transport.
  void openDevice(const QString& serial, const QString& label);
  // Starts the simulated phone and opens its live view, streaming at once. False (and failed())
  // when the simulator cannot start.
  bool startDemo();
  // Where this program looks for mxi-agent binaries.
  static core::agentlink::AgentSearch agentSearch();

 signals:
  void heapDumpArrived(const QString& path);
  // Dump & analyse: the dump, to open on that Activity's leak.
  void leakDumpArrived(const QString& path, const QString& activity);
  // The live view's leak watch picker changed: the window keeps it in the settings.
  void leakWatchChosen(const QString& mode);
  // Check APK…: the APK page pulls the app's APKs from the device and checks them.
  void checkApkRequested(const mxi::core::adb::DeviceSelection& device, const QString& package);
  // Run launches…: the Startup page's dialog for the app on this device.
  void launchesRequested(const mxi::core::adb::DeviceSelection& device, const QString& label, const QString& package);

 private:
  QAction* m_demoAction;
  LiveDeviceView* m_view = nullptr;
};

}  // namespace mxi::gui
