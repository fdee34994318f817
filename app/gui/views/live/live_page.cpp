#include "app/gui/views/live/live_page.h"

#include <QAction>

#include "app/gui/jobs/live/demo_device.h"
#include "app/gui/views/live/live_device_view.h"

namespace mxi::gui {

LivePage::LivePage(const Settings& settings, QWidget* parent)
    : Page(settings, parent), m_demoAction(new QAction(tr("Try the &demo (simulated phone)"), this)) {
  connect(m_demoAction, &QAction::triggered, this, &LivePage::startDemo);
}

LivePage::~LivePage() = default;

core::agentlink::AgentSearch LivePage::agentSearch() {
  core::agentlink::AgentSearch search;
  search.executableDir = core::agentlink::executableDirectory();
#ifdef MXI_GUI_BUILD_DIR
  search.buildDir = MXI_GUI_BUILD_DIR;
#endif
  return search;
}

LiveDeviceView* LivePage::openLiveDevice(LiveTarget target, std::unique_ptr<DemoDevice> demo) {
  delete m_view;                              // completes its recording first
  target.thresholds = settings().thresholds;  // Settings, as they are now
  target.mappings = settings().mappings;
  target.sqlSlowMs = settings().sqlSlowMs;
  target.leakWatch = core::agentlink::parseLeakWatchMode(settings().leakWatch.toStdString())
                         .value_or(core::protocol::LeakWatchMode::kReport);
  m_view = new LiveDeviceView(std::move(target), std::move(demo));
  connect(m_view, &LiveDeviceView::heapDumpArrived, this, &LivePage::heapDumpArrived);
  connect(m_view, &LiveDeviceView::leakDumpArrived, this, &LivePage::leakDumpArrived);
  connect(m_view, &LiveDeviceView::leakWatchChosen, this, &LivePage::leakWatchChosen);
  connect(m_view, &LiveDeviceView::checkApkRequested, this, &LivePage::checkApkRequested);
  connect(m_view, &LiveDeviceView::launchesRequested, this, &LivePage::launchesRequested);
  // The trace's issues are in the live feed already; the trace itself opens in its own view
  // only when asked (File → Open method trace, or the path in the status line).
  connect(m_view, &LiveDeviceView::sessionFinished, this, &LivePage::fileOpened);
  connect(m_view, &LiveDeviceView::failed, this, &LivePage::statusChanged);
  replaceView(nullptr, m_view);
  emit showRequested({});
  return m_view;
}

void LivePage::openDevice(const QString& serial, const QString& label) {
  LiveTarget target;
  target.selection.serial = serial.toStdString();
  target.selection.transport = settings().transport.toStdString();
  target.label = label;
  target.agentSearch = agentSearch();
  openLiveDevice(std::move(target));
}

bool LivePage::startDemo() {
  auto demo = std::make_unique<DemoDevice>(DemoDevice::locateParts());
  QString error;
  if (!demo->start(&error)) {
    emit failed(tr("Cannot start the demo"), error);
    return false;
  }
  LiveTarget target;
  target.selection.transport = demo->transport().toStdString();
  target.label = tr("Demo phone (%1)").arg(demo->transport());
  target.agentSearch = agentSearch();
  LiveDeviceView* view = openLiveDevice(std::move(target), std::move(demo));
  // The demo streams at once: the app in front of the simulated phone is picked and started.
  auto once = std::make_shared<QMetaObject::Connection>();
  *once = connect(view, &LiveDeviceView::appsReady, view, [view, once] {
    QObject::disconnect(*once);
    view->start();
  });
  emit statusChanged(tr("Demo: a simulated phone whose app plays synthetic frames, Matrix issues and an ANR."));
  return true;
}

}  // namespace mxi::gui
