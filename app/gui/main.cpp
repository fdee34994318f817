// `matrix-inspector`: the desktop app. Files on the command line are opened (heap dumps in the
// heap browser; device captures in the session dashboard); --screenshot saves the window once
// they are loaded (for docs and for checking the views from scripts).
#include <QApplication>
#include <QComboBox>
#include <QCommandLineParser>
#include <QFileInfo>
#include <QTableView>
#include <QTimer>
#include <cstdio>

#include "app/gui/main_window.h"
#include "app/gui/models/session/issue_feed_model.h"
#include "app/gui/views/heap/heap_browser.h"
#include "app/gui/views/heap/heap_compare_view.h"
#include "app/gui/views/live/live_device_view.h"
#include "app/gui/views/session/live_dashboard.h"
#include "app/gui/views/trace/method_trace_view.h"
#include "app/gui/views/triage/triage_view.h"
#include "core/triage/triage_store.h"
#include "mxi/version.h"

int main(int argc, char** argv) {
  QApplication app(argc, argv);
  QApplication::setOrganizationName(QStringLiteral("MatrixInspector"));
  QApplication::setApplicationName(QStringLiteral("matrix-inspector"));
  QApplication::setApplicationVersion(QString::fromLatin1(mxi::kVersion));
  QCommandLineParser parser;
  parser.setApplicationDescription(
      QStringLiteral("Matrix Inspector: Android performance — heap dumps (leaks, "
                     "bitmaps, classes, dominators, strings, compare) and device captures "
                     "(frame drops per scene, Matrix issues, ANRs)"));
  parser.addHelpOption();
  parser.addVersionOption();
  parser.addPositionalArgument(QStringLiteral("files"),
                               QStringLiteral("Heap dumps (.hprof, .hprof.gz, .zip) and device captures "
                                              "(framestats, Matrix issue logcat/JSON, ANR traces, "
                                              "methodMapping.txt) to open"));
  const QCommandLineOption screenshot(QStringLiteral("screenshot"),
                                      QStringLiteral("Save the window as PNG once the files are loaded, then exit"),
                                      QStringLiteral("png"));
  const QCommandLineOption view(
      QStringLiteral("view"),
      QStringLiteral("View for --screenshot: summary, leaks, bitmaps, classes, dominators, strings, "
                     "inspector, compare (with --demo: the live view after a few seconds, or `leak`: the leak watch in "
                     "auto mode until its first leak; for a method trace, the number of the issue to select)"),
      QStringLiteral("name"), QStringLiteral("leaks"));
  const QCommandLineOption compare(QStringLiteral("compare"),
                                   QStringLiteral("Compare the opened dump with this baseline dump (Compare tab)"),
                                   QStringLiteral("baseline"));
  const QCommandLineOption demo(
      QStringLiteral("demo"),
      QStringLiteral("Start the demo: a simulated phone on this computer streaming into the live "
                     "view (no device needed)"));
  const QCommandLineOption triage(
      QStringLiteral("triage"),
      QStringLiteral("Open the Triage window: a folder of captures (analysed into --triage-db) or a store file"),
      QStringLiteral("path"));
  const QCommandLineOption triageDb(
      QStringLiteral("triage-db"),
      QStringLiteral("Triage store for --triage FOLDER: an SQLite file or postgresql://… (default: your store)"),
      QStringLiteral("store"));
  parser.addOption(triage);
  parser.addOption(triageDb);
  parser.addOption(demo);
  parser.addOption(screenshot);
  parser.addOption(view);
  parser.addOption(compare);
  parser.process(app);

  mxi::gui::MainWindow window;
  window.show();
  if (!parser.isSet(screenshot) && !parser.isSet(demo)) window.startDeviceTracking();
  const QStringList files = parser.positionalArguments();
  if (parser.isSet(screenshot)) {
    const QString out = parser.value(screenshot), viewName = parser.value(view);
    auto save = [&window, out] {
      const bool ok = window.grab().save(out);
      std::fprintf(ok ? stdout : stderr, "%s %s\n", ok ? "saved" : "cannot save", qPrintable(out));
      QApplication::exit(ok ? 0 : 1);
    };
    const bool waitForCompare = parser.isSet(compare);
    QObject::connect(&window, &mxi::gui::MainWindow::dumpLoaded, &window, [&window, viewName, save, waitForCompare] {
      if (!window.heapBrowser()->showView(viewName)) std::fprintf(stderr, "unknown view %s\n", qPrintable(viewName));
      if (!waitForCompare) {
        QTimer::singleShot(300, &window, save);
        return;
      }
      auto* compareView = window.heapBrowser()->compareView();
      QObject::connect(compareView, &mxi::gui::HeapCompareView::compared, &window,
                       [&window, save] { QTimer::singleShot(300, &window, save); });
      QObject::connect(compareView, &mxi::gui::HeapCompareView::compareFailed, &window, [](const QString& message) {
        std::fprintf(stderr, "%s\n", qPrintable(message));
        QApplication::exit(2);
      });
    });
    QObject::connect(&window, &mxi::gui::MainWindow::openFailed, &window, [](const QString& message) {
      std::fprintf(stderr, "%s\n", qPrintable(message));
      QApplication::exit(2);
    });
    QObject::connect(&window, &mxi::gui::MainWindow::traceOpened, &window, [&window, save, viewName] {
      // --view N: the trace's issue N (0-based) selected in the flame chart.
      bool isIssue = false;
      const int issue = viewName.toInt(&isIssue);
      if (isIssue) window.traceView()->showIssue(issue);
      QTimer::singleShot(500, &window, save);
    });
    QObject::connect(&window, &mxi::gui::MainWindow::triageOpened, &window, [&window, save, viewName] {
      // --view N: signature N (0-based, by impact) selected.
      bool isRow = false;
      const int row = viewName.toInt(&isRow);
      if (isRow) window.triageView()->signatureTable()->selectRow(row);
      QTimer::singleShot(500, &window, save);
    });
    QObject::connect(&window, &mxi::gui::MainWindow::sessionOpened, &window, [&window, save] {
      window.showPage(QStringLiteral("session"));
      QTimer::singleShot(500, &window, save);
    });
    if (files.isEmpty() && !parser.isSet(demo) && !parser.isSet(triage)) QTimer::singleShot(300, &window, save);
  }
  if (parser.isSet(demo)) {
    if (!window.startDemo()) return 2;
    // --view leak: the leak watch in auto mode (this run only, not saved), the leak issue selected.
    const bool leak = parser.value(view) == QLatin1String("leak");
    if (leak) {
      const QSignalBlocker once(window.liveView()->leakWatchPicker());
      window.liveView()->leakWatchPicker()->setCurrentText(QStringLiteral("auto"));
      window.liveView()->job().setLeakWatch(mxi::core::protocol::LeakWatchMode::kAuto);
    }
    if (parser.isSet(screenshot)) {
      const QString out = parser.value(screenshot);
      auto save = [&window, out] {
        const bool ok = window.grab().save(out);
        std::fprintf(ok ? stdout : stderr, "%s %s\n", ok ? "saved" : "cannot save", qPrintable(out));
        QApplication::exit(ok ? 0 : 1);
      };
      QObject::connect(window.liveView(), &mxi::gui::LiveDeviceView::started, &window, [&window, save, leak] {
        if (!leak) return QTimer::singleShot(6000, &window, save);
        // Once the first leak arrived analysed (its chain, the zip kept), with a moment to draw it.
        auto* poll = new QTimer(&window);
        QObject::connect(poll, &QTimer::timeout, &window, [&window, poll, save] {
          auto* dashboard = window.liveView()->dashboard();
          for (int row = 0; dashboard && row < dashboard->feedModel()->rowCount(); ++row) {
            const auto& e = dashboard->feedModel()->eventAt(row);
            // Analysed, and the dump held that Activity's leak (the chain's signature is set).
            if (e.issue && e.issue->memory && e.issue->contentJson.find("\"leak_signature\"") != std::string::npos) {
              poll->stop();
              dashboard->selectEvent(row);
              QTimer::singleShot(2000, &window, save);
              return;
            }
          }
        });
        poll->start(500);
      });
      QObject::connect(window.liveView(), &mxi::gui::LiveDeviceView::failed, &window, [](const QString& message) {
        std::fprintf(stderr, "%s\n", qPrintable(message));
        QApplication::exit(2);
      });
    }
  }
  if (parser.isSet(compare)) {
    const QString base = parser.value(compare);
    QObject::connect(&window, &mxi::gui::MainWindow::dumpLoaded, &window,
                     [&window, base] { window.heapBrowser()->compareView()->compareWith(base); });
  }
  if (!files.isEmpty()) window.openFiles(files);
  if (parser.isSet(triage)) {
    const QString path = parser.value(triage);
    const QString store =
        parser.isSet(triageDb) ? parser.value(triageDb) : QString::fromStdString(mxi::core::triage::defaultStorePath());
    if (QFileInfo(path).isDir()) {
      window.openTriage(store, {path});
    } else {
      window.openTriage(path);
    }
  }
  return QApplication::exec();
}
