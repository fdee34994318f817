#include "app/gui/jobs/live/demo_device.h"

#include <QCoreApplication>
#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QFileInfo>
#include <QProcess>
#include <QTemporaryDir>

namespace mxi::gui {

namespace {

QString firstExisting(const QStringList& candidates) {
  for (const QString& c : candidates) {
    if (!c.isEmpty() && QFileInfo(c).isFile()) return c;
  }
  return {};
}

}  // namespace

QString DemoParts::missing() const {
  QStringList m;
  if (deviceSim.isEmpty()) m << QStringLiteral("mxi-device-sim");
  if (androidTool.isEmpty()) m << QStringLiteral("mxi-android-tool");
  if (heapSample.isEmpty()) m << QStringLiteral("the sample heap dump");
  return m.join(QStringLiteral(", "));
}

DemoParts DemoDevice::locateParts() {
  const QString bin = QCoreApplication::applicationDirPath();
  DemoParts p;
  p.deviceSim = firstExisting({
      bin + QStringLiteral("/mxi-device-sim"),
#ifdef MXI_GUI_DEVICE_SIM
      QStringLiteral(MXI_GUI_DEVICE_SIM),
#endif
  });
  p.androidTool = firstExisting({
      bin + QStringLiteral("/mxi-android-tool"),
#ifdef MXI_GUI_ANDROID_TOOL
      QStringLiteral(MXI_GUI_ANDROID_TOOL),
#endif
  });
  p.heapSample = firstExisting({
      bin + QStringLiteral("/../share/matrix-inspector/samples/sample-android-shaped.hprof.gz"),
#ifdef MXI_GUI_SOURCE_DIR
      QStringLiteral(MXI_GUI_SOURCE_DIR "/resources/samples/sample-android-shaped.hprof.gz"),
#endif
  });
  return p;
}

DemoDevice::DemoDevice(DemoParts parts, QObject* parent) : QObject(parent), m_parts(std::move(parts)) {}

DemoDevice::~DemoDevice() {
  if (m_process != nullptr && m_process->state() != QProcess::NotRunning) {
    m_process->terminate();
    if (!m_process->waitForFinished(3000)) m_process->kill();
    m_process->waitForFinished(1000);
  }
}

QString DemoDevice::root() const { return m_root ? m_root->path() : QString(); }

bool DemoDevice::start(QString* error) {
  if (const QString missing = m_parts.missing(); !missing.isEmpty()) {
    *error = tr("The demo needs %1, which this installation lacks.").arg(missing);
    return false;
  }
  m_root = std::make_unique<QTemporaryDir>(QDir::tempPath() + QStringLiteral("/mxi-demo-XXXXXX"));
  if (!m_root->isValid()) {
    *error = tr("Cannot create the demo's sandbox: %1").arg(m_root->errorString());
    return false;
  }
  m_process = new QProcess(this);
  m_process->setProgram(m_parts.deviceSim);
  // The simulator sets up the demo phone itself (tests/device-sim/phone_setup.h): the tools, the
  // sample heap behind `am dumpheap`, one app showing everything.
  QStringList args = {QStringLiteral("--demo"),
                      QStringLiteral("--android-tool"),
                      m_parts.androidTool,
                      QStringLiteral("--heap"),
                      m_parts.heapSample,
                      QStringLiteral("--port"),
                      QStringLiteral("0"),
                      QStringLiteral("--root"),
                      m_root->path(),
                      QStringLiteral("--model"),
                      QStringLiteral("Matrix_Inspector_Demo")};
  if (!m_parts.abi.isEmpty()) args << QStringLiteral("--abi") << m_parts.abi;
  m_process->setArguments(args);
  m_process->setProcessChannelMode(QProcess::SeparateChannels);
  m_process->start();
  QElapsedTimer waited;
  waited.start();
  QByteArray out;
  while (waited.elapsed() < 10000) {
    if (!m_process->waitForReadyRead(200) && m_process->state() == QProcess::NotRunning) break;
    out += m_process->readAllStandardOutput();
    const int at = out.indexOf("listening on ");
    const int end = at < 0 ? -1 : out.indexOf('\n', at);
    if (end > at) {
      m_transport = QStringLiteral("tcp:") + QString::fromUtf8(out.mid(at + 13, end - at - 13)).trimmed();
      return true;
    }
  }
  *error =
      tr("The device simulator did not start: %1").arg(QString::fromUtf8(m_process->readAllStandardError()).trimmed());
  return false;
}

}  // namespace mxi::gui
