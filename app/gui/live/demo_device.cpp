#include "app/gui/live/demo_device.h"

#include <zlib.h>

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

// Inflates a .gz (or copies a plain file) to `out`: `am dumpheap` must write a plain hprof.
bool writePlainDump(const QString& source, const QString& out, QString* error) {
  gzFile in = gzopen(QFile::encodeName(source).constData(), "rb");  // reads plain files as-is too
  QFile dst(out);
  if (in == nullptr || !dst.open(QIODevice::WriteOnly)) {
    if (in != nullptr) gzclose(in);
    *error = QObject::tr("cannot prepare the demo heap dump from %1").arg(source);
    return false;
  }
  QByteArray buf(1 << 20, Qt::Uninitialized);
  int n = 0;
  while ((n = gzread(in, buf.data(), static_cast<unsigned>(buf.size()))) > 0) dst.write(buf.constData(), n);
  gzclose(in);
  if (n < 0) {
    *error = QObject::tr("the demo heap dump %1 is damaged").arg(source);
    return false;
  }
  return true;
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
  p.deviceSim = firstExisting({bin + QStringLiteral("/mxi-device-sim"),
#ifdef MXI_GUI_DEVICE_SIM
                               QStringLiteral(MXI_GUI_DEVICE_SIM),
#endif
                               });
  p.androidTool = firstExisting({bin + QStringLiteral("/mxi-android-tool"),
#ifdef MXI_GUI_ANDROID_TOOL
                                 QStringLiteral(MXI_GUI_ANDROID_TOOL),
#endif
                                 });
  p.heapSample = firstExisting({bin + QStringLiteral("/../share/matrix-inspector/samples/sample-android-shaped.hprof.gz"),
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
  QDir root(m_root->path());
  for (const char* dir : {"bin", "etc", "var", "data/local/tmp"}) root.mkpath(QString::fromLatin1(dir));
  for (const char* tool : {"dumpsys", "logcat", "am", "pm", "getprop", "pidof", "ps"}) {
    QFile::link(m_parts.androidTool, root.filePath(QStringLiteral("bin/") + QString::fromLatin1(tool)));
  }
  const QString heap = root.filePath(QStringLiteral("var/demo-heap.hprof"));
  if (!writePlainDump(m_parts.heapSample, heap, error)) return false;
  QFile env(root.filePath(QStringLiteral("etc/mxi-sim.env")));
  if (!env.open(QIODevice::WriteOnly)) {
    *error = tr("Cannot write %1").arg(env.fileName());
    return false;
  }
  env.write(QStringLiteral("MXI_SIM_HEAP_SOURCE=%1\nMXI_SIM_ONE_APP_DEMO=1\n").arg(heap).toUtf8());
  env.close();

  m_process = new QProcess(this);
  m_process->setProgram(m_parts.deviceSim);
  m_process->setArguments({QStringLiteral("--port"), QStringLiteral("0"), QStringLiteral("--root"), m_root->path(),
                           QStringLiteral("--model"), QStringLiteral("Matrix_Inspector_Demo")});
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
  *error = tr("The device simulator did not start: %1").arg(QString::fromUtf8(m_process->readAllStandardError()).trimmed());
  return false;
}

}  // namespace mxi::gui
