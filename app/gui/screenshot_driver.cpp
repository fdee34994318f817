#include "app/gui/screenshot_driver.h"

#include <QApplication>
#include <QSortFilterProxyModel>
#include <QTabWidget>
#include <QTableView>
#include <QTimer>
#include <cstdio>
#include <functional>

#include "app/gui/command_line.h"
#include "app/gui/main_window.h"
#include "app/gui/models/session/issue_feed_model.h"
#include "app/gui/models/session/sql_statements_model.h"
#include "app/gui/views/apk/apk_page.h"
#include "app/gui/views/apk/apk_view.h"
#include "app/gui/views/heap/heap_browser.h"
#include "app/gui/views/heap/heap_compare_view.h"
#include "app/gui/views/live/live_device_view.h"
#include "app/gui/views/session/database_view.h"
#include "app/gui/views/session/live_dashboard.h"
#include "app/gui/views/startup/startup_page.h"
#include "app/gui/views/trace/method_trace_view.h"
#include "app/gui/views/triage/triage_view.h"

namespace mxi::gui {

namespace {

using Save = std::function<void()>;

void quitWith(const QString& message) {
  std::fprintf(stderr, "%s\n", qPrintable(message));
  QApplication::exit(2);
}

// Once the dump is loaded: its tab --view shown, then (with --compare) the comparison finished.
void saveWhenDumpShown(MainWindow& window, const QString& viewName, bool waitForCompare, const Save& save) {
  QObject::connect(&window, &MainWindow::dumpLoaded, &window, [&window, viewName, save, waitForCompare] {
    if (!window.heapBrowser()->showView(viewName)) std::fprintf(stderr, "unknown view %s\n", qPrintable(viewName));
    if (!waitForCompare) {
      QTimer::singleShot(300, &window, save);
      return;
    }
    auto* compareView = window.heapBrowser()->compareView();
    QObject::connect(compareView, &HeapCompareView::compared, &window,
                     [&window, save] { QTimer::singleShot(300, &window, save); });
    QObject::connect(compareView, &HeapCompareView::compareFailed, &window, quitWith);
  });
  QObject::connect(&window, &MainWindow::openFailed, &window, quitWith);
}

// `--view database`: the dashboard's Database tab, its costliest statement that has a plan selected
// (else the costliest).
void showDatabaseTab(LiveDashboard* dashboard) {
  if (!dashboard) return;
  DatabaseView* database = dashboard->databaseView();
  dashboard->tabs()->setCurrentWidget(database);
  const QAbstractItemModel* shown = database->table()->model();
  for (int row = 0; row < shown->rowCount(); ++row) {
    const int modelRow = qobject_cast<const QSortFilterProxyModel*>(shown)->mapToSource(shown->index(row, 0)).row();
    if (database->statements().planFor(database->model()->rowAt(modelRow))) return database->selectRow(row);
  }
}

// A method trace, a triage store or a session: --view N picks the issue or the signature.
void saveWhenOtherDocumentsShown(MainWindow& window, const QString& viewName, const Save& save) {
  QObject::connect(&window, &MainWindow::traceOpened, &window, [&window, save, viewName] {
    // --view N: the trace's issue N (0-based) selected in the flame chart.
    bool isIssue = false;
    const int issue = viewName.toInt(&isIssue);
    if (isIssue) window.traceView()->showIssue(issue);
    QTimer::singleShot(500, &window, save);
  });
  QObject::connect(&window, &MainWindow::triageOpened, &window, [&window, save, viewName] {
    // --view N: signature N (0-based, by impact) selected.
    bool isRow = false;
    const int row = viewName.toInt(&isRow);
    if (isRow) window.triageView()->signatureTable()->selectRow(row);
    QTimer::singleShot(500, &window, save);
  });
  QObject::connect(&window, &MainWindow::sessionOpened, &window, [&window, save, viewName] {
    window.showPage(QStringLiteral("session"));
    if (viewName == QLatin1String("database")) showDatabaseTab(window.dashboard());
    QTimer::singleShot(500, &window, save);
  });
}

// An APK: its page (--view apk, tasks or diff) once checked, then (with --compare) once the
// comparison is shown.
void saveWhenApkShown(MainWindow& window, const QString& viewName, bool waitForCompare, const Save& save) {
  QObject::connect(&window, &MainWindow::apkOpened, &window, [&window, viewName, waitForCompare, save] {
    const QString view = viewName == QLatin1String("leaks")
                             ? QString(waitForCompare ? QStringLiteral("diff") : QStringLiteral("apk"))
                             : viewName;
    const auto show = [&window, view, save] {
      if (!window.apkView()->showView(view)) std::fprintf(stderr, "unknown view %s\n", qPrintable(view));
      QTimer::singleShot(500, &window, save);
    };
    if (!waitForCompare) return show();
    QObject::connect(window.apkPage(), &ApkPage::compared, &window, show);
    QObject::connect(window.apkPage(), &ApkPage::compareFailed, &window, quitWith);
  });
}

// Startup runs (a session file of them): once shown, and with --compare once the baseline shows
// beside them (main() loads it).
void saveWhenStartupShown(MainWindow& window, bool waitForBaseline, const Save& save) {
  QObject::connect(&window, &MainWindow::startupOpened, &window, [&window, waitForBaseline, save] {
    if (!waitForBaseline) return QTimer::singleShot(500, &window, save);
    QObject::connect(window.startupPage(), &StartupPage::baselineShown, &window,
                     [&window, save] { QTimer::singleShot(500, &window, save); });
  });
}

// The demo: a few seconds after it started streaming, or (the leak watch) once its first leak
// arrived analysed, with a moment to draw it.
void saveWhenDemoShown(MainWindow& window, const QString& viewName, const Save& save) {
  const bool leak = viewName == QLatin1String("leak");
  QObject::connect(window.liveView(), &LiveDeviceView::started, &window, [&window, save, leak, viewName] {
    if (!leak && viewName == QLatin1String("database")) {
      return QTimer::singleShot(6000, &window, [&window, save] {
        showDatabaseTab(window.liveView()->dashboard());
        QTimer::singleShot(300, &window, save);
      });
    }
    if (!leak) return QTimer::singleShot(6000, &window, save);
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
  QObject::connect(window.liveView(), &LiveDeviceView::failed, &window, quitWith);
}

}  // namespace

void saveScreenshotWhenShown(MainWindow& window, const CommandLine& commandLine) {
  if (!commandLine.screenshot) return;
  const Save save = [&window, out = *commandLine.screenshot] {
    const bool ok = window.grab().save(out);
    std::fprintf(ok ? stdout : stderr, "%s %s\n", ok ? "saved" : "cannot save", qPrintable(out));
    QApplication::exit(ok ? 0 : 1);
  };
  saveWhenDumpShown(window, commandLine.view, commandLine.compareBase.has_value(), save);
  saveWhenOtherDocumentsShown(window, commandLine.view, save);
  saveWhenApkShown(window, commandLine.view, commandLine.compareBase.has_value(), save);
  saveWhenStartupShown(window, commandLine.compareBase.has_value(), save);
  if (commandLine.demo) saveWhenDemoShown(window, commandLine.view, save);
  if (commandLine.files.isEmpty() && !commandLine.demo && !commandLine.triage) QTimer::singleShot(300, &window, save);
}

}  // namespace mxi::gui
