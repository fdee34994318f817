// Time from "Open" to the Leaks tab populated (timed driver, not a unit test): MainWindow::openDump
// on the offscreen platform, then — when the document arrives — the Leaks tab is shown and
// rendered. Reports both moments, the analysis phases, the UI thread's longest stall while the
// dump loaded (the worker thread does the work), and peak RSS.
//
//   gui_open_bench DUMP
// Figures and command: docs/PERFORMANCE.md ("Desktop app"); tests/bench/gui_open_bench.sh runs it.
#include <sys/resource.h>
#include <QApplication>
#include <QElapsedTimer>
#include <QTimer>
#include <QTreeView>
#include <cstdio>

#include "app/gui/main_window.h"
#include "app/gui/models/heap/leak_tree_model.h"
#include "app/gui/views/heap/heap_browser.h"
#include "tests/bench/ui_stall_probe.h"

int main(int argc, char** argv) {
  if (qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM")) qputenv("QT_QPA_PLATFORM", "offscreen");
  if (argc != 2) {
    std::fprintf(stderr, "usage: %s DUMP\n", argv[0]);
    return 2;
  }
  QApplication app(argc, argv);
  QApplication::setOrganizationName(QStringLiteral("MatrixInspectorBench"));  // default Settings
  mxi::gui::MainWindow window;
  window.resize(1600, 1000);
  window.show();
  mxi::bench::UiStallProbe probe;
  QElapsedTimer clock;
  double loadedS = 0, populatedS = 0, paintMs = 0;
  int exitCode = 0;
  QObject::connect(&window, &mxi::gui::MainWindow::dumpLoaded, &app, [&] {
    loadedS = static_cast<double>(clock.nsecsElapsed()) / 1e9;
    probe.stop();  // includes building the heap browser's models on the UI thread
    window.heapBrowser()->showView(QStringLiteral("leaks"));
    (void)window.grab();  // lays out and paints the Leaks tab now
    populatedS = static_cast<double>(clock.nsecsElapsed()) / 1e9;
    paintMs = (populatedS - loadedS) * 1000;
    app.quit();
  });
  QObject::connect(&window, &mxi::gui::MainWindow::openFailed, &app, [&](const QString& message) {
    std::fprintf(stderr, "%s\n", qPrintable(message));
    exitCode = 1;
    app.quit();
  });
  QTimer::singleShot(0, &app, [&] {
    clock.start();
    probe.start();
    window.openDump(QString::fromLocal8Bit(argv[1]));
  });
  QApplication::exec();
  if (exitCode != 0) return exitCode;
  const auto& doc = window.heapBrowser()->document();
  rusage usage{};
  getrusage(RUSAGE_SELF, &usage);
  std::printf("open -> document: %.2f s; open -> Leaks tab populated: %.2f s (%d leak rows)\n", loadedS, populatedS,
              window.heapBrowser()->leakModel()->rowCount());
  std::printf("phases (ms):");
  for (const auto& [phase, ms] : doc.timingsMs) std::printf(" %s %.0f", phase.c_str(), ms);
  std::printf(
      "\nobjects: %u; UI thread while loading: longest stall %.1f ms (building the views included), stalls > "
      "50 ms: %llu; showing and painting the Leaks tab: %.1f ms\n",
      doc.index->objectCount(), probe.maxStallMs(), static_cast<unsigned long long>(probe.stallsOver50ms()), paintMs);
  std::printf("peak RSS: %.0f MiB\n", static_cast<double>(usage.ru_maxrss) / 1024.0);
  return 0;
}
