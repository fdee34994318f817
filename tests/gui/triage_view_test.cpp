// The Triage window on real JVM dumps: analysed off the UI thread into a fresh store, the table
// equal to what core's store holds, a status edited in place reaching the store, the filter, and
// a double-click on a capture opening that dump at that leak.
#include <gtest/gtest.h>

#include <filesystem>

#include <QAbstractItemModelTester>
#include <QApplication>
#include <QLineEdit>
#include <QPushButton>
#include <QSignalSpy>
#include <QSortFilterProxyModel>
#include <QTableView>
#include <QTest>

#include "app/gui/main_window.h"
#include "app/gui/models/triage/triage_occurrence_model.h"
#include "app/gui/models/triage/triage_signature_model.h"
#include "app/gui/views/heap/heap_browser.h"
#include "app/gui/views/triage/triage_view.h"
#include "core/triage/triage_store.h"
#include "tests/support/test_paths.h"

namespace mxi::gui {
namespace {
namespace fs = std::filesystem;

fs::path dump(const char* name) { return fs::path(test::fixtureDumpDir()) / (std::string(name) + ".hprof"); }

bool waitFor(QSignalSpy& spy, int seconds = 60) {
  for (int i = 0; i < seconds * 10 && spy.isEmpty(); ++i) spy.wait(100);
  return !spy.isEmpty();
}

struct OpenedTriage {
  std::unique_ptr<MainWindow> window;
  QString store;
};

OpenedTriage openOnFixtures(const std::string& name) {
  const auto dir = test::scratchDir(name);
  fs::create_directories(dir / "captures");
  fs::copy_file(dump("leaks_base"), dir / "captures" / "leaks_base.hprof");
  fs::copy_file(dump("bitmaps"), dir / "captures" / "bitmaps.hprof");
  OpenedTriage t{std::make_unique<MainWindow>(), QString::fromStdString((dir / "store.sqlite").string())};
  t.window->resize(1280, 800);
  t.window->show();
  QSignalSpy opened(t.window.get(), &MainWindow::triageOpened);
  QSignalSpy failed(t.window.get(), &MainWindow::openFailed);
  t.window->openTriage(t.store, {QString::fromStdString((dir / "captures").string())});
  EXPECT_TRUE(waitFor(opened)) << (failed.isEmpty() ? "" : failed.first().first().toString().toStdString());
  return t;
}

TEST(TriageViewTest, ShowsTheStoreAndSavesAStatusEditedInPlace) {
  auto t = openOnFixtures("gui-triage-status");
  TriageView* view = t.window->triageView();
  ASSERT_TRUE(view);
  QAbstractItemModelTester tester(view->signatureModel(), QAbstractItemModelTester::FailureReportingMode::Fatal);
  // The table holds exactly what the store holds, in the same order (by impact).
  auto store = core::triage::openTriageStore(t.store.toStdString());
  ASSERT_TRUE(store.ok());
  const auto expected = (*store)->signatures();
  ASSERT_TRUE(expected.ok());
  ASSERT_FALSE(expected->empty());
  auto* model = view->signatureModel();
  ASSERT_EQ(model->rowCount(), static_cast<int>(expected->size()));
  for (int row = 0; row < model->rowCount(); ++row) {
    const auto& s = (*expected)[static_cast<size_t>(row)];
    EXPECT_EQ(model->index(row, 0).data(TriageSignatureModel::kSignatureRole).toString().toStdString(), s.signature);
    EXPECT_EQ(model->index(row, TriageSignatureModel::kCaptures).data(Qt::DisplayRole).toString(),
              QString::number(s.captures));
  }
  EXPECT_EQ(view->document()->run->analysed, 2u);
  EXPECT_EQ(view->document()->view.newInThisRun.size(), expected->size());

  // Selecting a signature lists the captures it was seen in.
  view->signatureTable()->selectRow(0);
  EXPECT_EQ(view->occurrenceModel()->rowCount(), static_cast<int>((*expected)[0].captures));

  // Edited in place: the job writes it to the store, and the view shows the store's value.
  QSignalSpy reread(t.window.get(), &MainWindow::triageOpened);
  const QString signature = QString::fromStdString((*expected)[0].signature);
  ASSERT_TRUE(
      model->setData(model->index(0, TriageSignatureModel::kStatus), QStringLiteral("confirmed"), Qt::EditRole));
  ASSERT_TRUE(waitFor(reread));
  QSignalSpy reread2(t.window.get(), &MainWindow::triageOpened);
  ASSERT_TRUE(model->setData(model->index(0, TriageSignatureModel::kNote), QStringLiteral("APP-42"), Qt::EditRole));
  ASSERT_TRUE(waitFor(reread2));
  const auto after = (*store)->signatures();
  ASSERT_TRUE(after.ok());
  bool found = false;
  for (const auto& s : *after) {
    if (QString::fromStdString(s.signature) != signature) continue;
    found = true;
    EXPECT_EQ(s.status, core::triage::SignatureStatus::kConfirmed);
    EXPECT_EQ(s.note, "APP-42");
  }
  EXPECT_TRUE(found);
  const int row = view->signatureModel()->rowOf(signature);
  EXPECT_EQ(model->index(row, TriageSignatureModel::kStatus).data().toString(), QStringLiteral("confirmed"));
  // The run's "new" marks survive the re-read.
  EXPECT_EQ(view->document()->view.newInThisRun.size(), expected->size());

  // The filter matches any column: only bitmaps.
  view->filter()->setText(QStringLiteral("bitmap"));
  int bitmaps = 0;
  for (const auto& s : *expected) bitmaps += s.kind == core::triage::SignatureKind::kBitmap;
  ASSERT_GT(bitmaps, 0);
  EXPECT_EQ(view->signatureTable()->model()->rowCount(), bitmaps);
}

TEST(TriageViewTest, DoubleClickOpensThatDumpAtThatLeak) {
  auto t = openOnFixtures("gui-triage-open");
  TriageView* view = t.window->triageView();
  ASSERT_TRUE(view);
  // The biggest application leak of leaks_base.
  const auto* doc = view->document();
  QString leak;
  for (const auto& s : doc->view.signatures) {
    if (s.kind == core::triage::SignatureKind::kLeak && s.className == "com.example.leaks.LeakActivity") {
      leak = QString::fromStdString(s.signature);
      break;
    }
  }
  ASSERT_FALSE(leak.isEmpty());
  ASSERT_TRUE(view->selectSignature(leak));
  ASSERT_EQ(view->occurrenceModel()->rowCount(), 1);
  QSignalSpy loaded(t.window.get(), &MainWindow::dumpLoaded);
  QTableView* captures = view->occurrenceTable();
  const QModelIndex cell = captures->model()->index(0, 0);
  emit captures->doubleClicked(cell);
  ASSERT_TRUE(waitFor(loaded, 120));
  HeapBrowser* browser = t.window->heapBrowser();
  ASSERT_TRUE(browser);
  EXPECT_TRUE(browser->document().path.endsWith(QStringLiteral("leaks_base.hprof")));
  EXPECT_EQ(browser->currentIndex(), 1);  // the Leaks tab
  EXPECT_EQ(browser->selectedLeakSignature(), leak);
}

// Cancel during the analysis: no error, and the window shows what was stored before it.
TEST(TriageViewTest, CancelShowsWhatWasStored) {
  const auto dir = test::scratchDir("gui-triage-cancel");
  fs::create_directories(dir / "captures");
  for (const char* name : {"leaks_base", "leaks_regressed", "bitmaps", "android_heap", "view_leaks"}) {
    fs::copy_file(dump(name), dir / "captures" / (std::string(name) + ".hprof"));
  }
  MainWindow window;
  window.show();
  QSignalSpy opened(&window, &MainWindow::triageOpened);
  QSignalSpy failed(&window, &MainWindow::openFailed);
  const QString store = QString::fromStdString((dir / "store.sqlite").string());
  window.openTriage(store, {QString::fromStdString((dir / "captures").string())});
  auto* cancel = window.findChild<QPushButton*>(QStringLiteral("statusCancel"));
  ASSERT_TRUE(cancel);
  QTest::mouseClick(cancel, Qt::LeftButton);
  ASSERT_TRUE(waitFor(opened));
  EXPECT_TRUE(failed.isEmpty()) << failed.first().first().toString().toStdString();
  auto stored = core::triage::openTriageStore(store.toStdString());
  ASSERT_TRUE(stored.ok());
  EXPECT_EQ(window.triageView()->document()->view.captures.size(), (*stored)->captures()->size());
  EXPECT_LE((*stored)->captures()->size(), 5u);
}

}  // namespace
}  // namespace mxi::gui
