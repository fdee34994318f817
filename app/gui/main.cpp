// `matrix-inspector`: the desktop app. Files on the command line are opened (heap dumps in the
// heap browser; device captures in the session dashboard); --screenshot saves the window once
// they are loaded (for docs and for checking the views from scripts).
#include <QApplication>
#include <QComboBox>
#include <QFileInfo>

#include "app/gui/command_line.h"
#include "app/gui/main_window.h"
#include "app/gui/screenshot_driver.h"
#include "app/gui/views/apk/apk_page.h"
#include "app/gui/views/heap/heap_browser.h"
#include "app/gui/views/heap/heap_compare_view.h"
#include "app/gui/views/live/live_device_view.h"
#include "app/gui/views/startup/startup_page.h"
#include "core/triage/triage_store.h"

namespace {

// Qt's offscreen platform (scripts, CI) cannot pass a window's size hints on and warns each time a
// top-level's minimum size is set: on every show (QWidget::setVisible activates the layout after
// creating the window) and whenever its content's minimum grows. Nothing of ours to fix; that one
// line is dropped, every other message goes on.
QtMessageHandler g_nextHandler = nullptr;
void dropOffscreenSizeHintsWarning(QtMsgType type, const QMessageLogContext& context, const QString& message) {
  if (type == QtWarningMsg && message == QLatin1String("This plugin does not support propagateSizeHints()")) return;
  if (g_nextHandler != nullptr) g_nextHandler(type, context, message);
}

// --demo --view leak: the leak watch in auto mode (this run only, not saved).
void watchLeaksThisRun(mxi::gui::LiveDeviceView& live) {
  const QSignalBlocker once(live.leakWatchPicker());
  live.leakWatchPicker()->setCurrentText(QStringLiteral("auto"));
  live.job().setLeakWatch(mxi::core::protocol::LeakWatchMode::kAuto);
}

}  // namespace

int main(int argc, char** argv) {
  mxi::gui::setApplicationIdentity();
  if (mxi::gui::asksForHelpOrVersion(argc, argv)) {
    QCoreApplication app(argc, argv);
    mxi::gui::parseCommandLine(app);  // prints and exits
    return 0;
  }
  g_nextHandler = qInstallMessageHandler(dropOffscreenSizeHintsWarning);
  QApplication app(argc, argv);
  const mxi::gui::CommandLine commandLine = mxi::gui::parseCommandLine(app);

  mxi::gui::MainWindow window;
  window.show();
  if (!commandLine.screenshot && !commandLine.demo) window.startDeviceTracking();
  if (commandLine.demo) {
    if (!window.startDemo()) return 2;
    if (commandLine.view == QLatin1String("leak")) watchLeaksThisRun(*window.liveView());
  }
  mxi::gui::saveScreenshotWhenShown(window, commandLine);
  if (commandLine.compareBase) {
    QObject::connect(&window, &mxi::gui::MainWindow::dumpLoaded, &window, [&window, base = *commandLine.compareBase] {
      window.heapBrowser()->compareView()->compareWith(base);
    });
    // An APK opened: the baseline is the older build it is compared with.
    QObject::connect(&window, &mxi::gui::MainWindow::apkOpened, &window,
                     [&window, base = *commandLine.compareBase] { window.apkPage()->compareWith({base}); });
    // Startup runs opened: the baseline's runs are shown beside them.
    QObject::connect(&window, &mxi::gui::MainWindow::startupOpened, &window,
                     [&window, base = *commandLine.compareBase] { window.startupPage()->loadBaseline(base); });
  }
  if (!commandLine.files.isEmpty()) window.openFiles(commandLine.files);
  if (commandLine.triage) {
    const QString store =
        commandLine.triageDb ? *commandLine.triageDb : QString::fromStdString(mxi::core::triage::defaultStorePath());
    if (QFileInfo(*commandLine.triage).isDir()) {
      window.openTriage(store, {*commandLine.triage});
    } else {
      window.openTriage(*commandLine.triage);
    }
  }
  return QApplication::exec();
}
