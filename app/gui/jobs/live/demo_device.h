// "Try the demo": a simulated phone on this computer so the whole live path — adb transport,
// agent deployment, collectors, recording, heap dumps — works with no phone. Starts
// mxi-device-sim --demo in a scratch sandbox whose Android tools (mxi-android-tool) play one
// synthetic app, com.example.mxi.demo (the same installed and in the build tree), and whose
// `am dumpheap` writes the bundled sample dump. Reached directly over TCP (no adb server).
#pragma once

#include <QObject>
#include <QString>
#include <memory>

class QProcess;
class QTemporaryDir;

namespace mxi::gui {

struct DemoParts {
  QString deviceSim;    // mxi-device-sim
  QString androidTool;  // mxi-android-tool
  QString heapSample;   // a .hprof or .hprof.gz for `am dumpheap`
  QString abi;          // the phone's ABI (mxi-device-sim --abi); empty: this computer's
  // Empty when all were found, else what is missing.
  QString missing() const;
};

class DemoDevice : public QObject {
  Q_OBJECT
 public:
  // Installed layout first (next to this program, share/matrix-inspector/samples), then this
  // build tree.
  static DemoParts locateParts();

  explicit DemoDevice(DemoParts parts, QObject* parent = nullptr);
  ~DemoDevice() override;  // stops the simulator and removes its sandbox
  // Prepares the sandbox and starts the simulator; waits (≤ 10 s) until it listens.
  bool start(QString* error);
  // "tcp:127.0.0.1:PORT" once started.
  QString transport() const { return m_transport; }
  QString root() const;

 private:
  DemoParts m_parts;
  std::unique_ptr<QTemporaryDir> m_root;
  QProcess* m_process = nullptr;
  QString m_transport;
};

}  // namespace mxi::gui
