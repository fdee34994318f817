// The APK page on real packages (the shared reference fixtures; skipped without them): the
// header's figures, the treemap's cells and drill-down, the table, the task cards, a cancelled
// check, and two builds compared.
#include <gtest/gtest.h>

#include <QCheckBox>
#include <QSignalSpy>
#include <QSortFilterProxyModel>
#include <QTabWidget>
#include <QTableView>
#include <QTest>

#include "app/gui/charts/apk/apk_treemap.h"
#include "app/gui/jobs/apk/apk_check_job.h"
#include "app/gui/main_window.h"
#include "app/gui/models/apk/apk_diff_models.h"
#include "app/gui/models/apk/apk_file_table_model.h"
#include "app/gui/models/roles.h"
#include "app/gui/views/apk/apk_diff_view.h"
#include "app/gui/views/apk/apk_page.h"
#include "app/gui/views/apk/apk_task_card.h"
#include "app/gui/views/apk/apk_view.h"
#include "tests/support/reference_fixtures.h"

// Failures print QStrings as text.
inline void PrintTo(const QString& s, std::ostream* os) { *os << '"' << s.toStdString() << '"'; }

namespace mxi::gui {
namespace {

ApkView* openApk(MainWindow& window, const QStringList& paths) {
  QSignalSpy opened(&window, &MainWindow::apkOpened);
  window.openFiles(paths);
  if (!opened.wait(60000)) return nullptr;
  return window.apkView();
}

QString q(const std::filesystem::path& p) { return QString::fromStdString(p.string()); }

struct Cell {
  QString caption;
  uint64_t bytes;
  bool operator==(const Cell&) const = default;
};
std::vector<Cell> cellsOf(const ApkTreemap& map) {
  std::vector<Cell> out;
  for (const TreemapCell& c : map.chartCells()) out.push_back({c.caption, c.bytes});
  return out;
}

void PrintTo(const Cell& c, std::ostream* os) { *os << c.caption.toStdString() << "=" << c.bytes; }

}  // namespace

TEST(ApkPageTest, JamendoHeaderTreemapTableAndCards) {
  MXI_REQUIRE_FIXTURE(apk, "apk/androguard_com.teleca.jamendo_35.apk");
  MainWindow window;
  window.resize(1400, 1000);
  window.show();
  ApkView* view = openApk(window, {q(apk)});
  ASSERT_TRUE(view);

  // The header: the manifest's fields, the file's bytes, every entry inflated (Python zipfile's
  // sums), no native libraries, one dex.
  const ApkFacts facts = apkFacts(view->document());
  EXPECT_EQ(facts.package, QStringLiteral("com.teleca.jamendo"));
  EXPECT_EQ(facts.versionCode, 35);
  EXPECT_EQ(facts.versionName, QStringLiteral("1.0.4 [BETA]"));
  EXPECT_EQ(facts.minSdk, QStringLiteral("4"));
  EXPECT_EQ(facts.targetSdk, QStringLiteral("8"));
  EXPECT_EQ(facts.download, 426386u);
  EXPECT_EQ(facts.installed, 637535u);
  EXPECT_TRUE(facts.abis.isEmpty());
  EXPECT_EQ(facts.dexFiles, 1u);
  EXPECT_EQ(facts.methods, 1343u);  // defined in classes.dex (of its 1 796 method ids)
  const QString header = view->headerText();
  EXPECT_TRUE(header.contains(QStringLiteral("com.teleca.jamendo 1.0.4 [BETA] (35)"))) << header.toStdString();
  EXPECT_TRUE(header.contains(QStringLiteral("min SDK 4 · target SDK 8 · download 416.4 KiB · installed 622.6 KiB")))
      << header.toStdString();
  EXPECT_TRUE(header.contains(QStringLiteral("ABIs: none · 1 dex file(s), 1,343 methods defined")))
      << header.toStdString();

  // The treemap's top level: folders and files by installed bytes, then by download bytes.
  ApkTreemap* map = view->treemap();
  const std::vector<Cell> installed{{QStringLiteral("res/"), 303373},
                                    {QStringLiteral("classes.dex"), 209696},
                                    {QStringLiteral("resources.arsc"), 87272},
                                    {QStringLiteral("META-INF/"), 26834},
                                    {QStringLiteral("AndroidManifest.xml"), 10360}};
  EXPECT_EQ(cellsOf(*map), installed);
  EXPECT_EQ(map->chartCells()[0].colour, ApkTreemap::colourOf(ApkFileKind::Resources));
  EXPECT_EQ(map->chartCells()[1].colour, ApkTreemap::colourOf(ApkFileKind::Dex));
  EXPECT_EQ(map->chartCells()[2].colour, ApkTreemap::colourOf(ApkFileKind::ResourceTable));
  view->downloadToggle()->setChecked(true);
  const std::vector<Cell> download{{QStringLiteral("res/"), 216439},
                                   {QStringLiteral("classes.dex"), 88173},
                                   {QStringLiteral("resources.arsc"), 87272},
                                   {QStringLiteral("META-INF/"), 10100},
                                   {QStringLiteral("AndroidManifest.xml"), 2032}};
  EXPECT_EQ(cellsOf(*map), download);
  view->downloadToggle()->setChecked(false);

  // The table lists every file, biggest first.
  ApkFileTableModel* model = view->tableModel();
  EXPECT_EQ(model->rowCount(), 149);
  const QAbstractItemModel* shown = view->table()->model();
  EXPECT_EQ(shown->index(0, ApkFileTableModel::kPath).data().toString(), QStringLiteral("classes.dex"));
  EXPECT_EQ(shown->index(0, ApkFileTableModel::kKind).data().toString(), QStringLiteral("dex"));
  EXPECT_EQ(shown->index(0, ApkFileTableModel::kSize).data(kExactRole).toULongLong(), 209696u);
  EXPECT_EQ(shown->index(0, ApkFileTableModel::kCompressed).data(kExactRole).toULongLong(), 88173u);
  EXPECT_EQ(shown->index(0, ApkFileTableModel::kMethod).data().toString(), QStringLiteral("deflated"));
  EXPECT_EQ(shown->index(0, ApkFileTableModel::kSplit).data().toString(), QStringLiteral("base"));
  EXPECT_EQ(shown->index(1, ApkFileTableModel::kPath).data().toString(), QStringLiteral("resources.arsc"));
  EXPECT_EQ(shown->index(1, ApkFileTableModel::kMethod).data().toString(), QStringLiteral("stored"));

  // A click on res/ drills into it: its folders, and the table shows only its 143 files.
  QTest::mouseClick(map, Qt::LeftButton, {}, map->chartCells()[0].rect.center().toPoint());
  EXPECT_EQ(map->breadcrumb(), QStringLiteral("Package (622.6 KiB) › res (296.3 KiB)"));
  EXPECT_EQ(model->rowCount(), 143);
  ASSERT_GE(map->chartCells().size(), 2u);
  EXPECT_EQ(map->chartCells()[0].caption, QStringLiteral("drawable-mdpi/"));
  EXPECT_EQ(map->chartCells()[0].bytes, 103571u);
  EXPECT_EQ(map->chartCells()[1].caption, QStringLiteral("drawable-hdpi/"));
  EXPECT_EQ(map->chartCells()[1].bytes, 72951u);
  // Into drawable-hdpi: a click on its biggest file selects that file's row.
  QTest::mouseClick(map, Qt::LeftButton, {}, map->chartCells()[1].rect.center().toPoint());
  ASSERT_FALSE(map->chartCells().empty());
  EXPECT_EQ(map->chartCells()[0].caption, QStringLiteral("splash_jamendo.png"));
  QTest::mouseClick(map, Qt::LeftButton, {}, map->chartCells()[0].rect.center().toPoint());
  const QModelIndexList selected = view->table()->selectionModel()->selectedRows();
  ASSERT_EQ(selected.size(), 1);
  EXPECT_EQ(selected[0].data().toString(), QStringLiteral("res/drawable-hdpi/splash_jamendo.png"));
  // Back twice: the whole package again.
  QTest::mouseClick(map, Qt::RightButton, {}, QPoint(5, 5));
  QTest::mouseClick(map, Qt::RightButton, {}, QPoint(5, 5));
  EXPECT_EQ(map->focus(), ApkFileTree::kRoot);
  EXPECT_EQ(model->rowCount(), 149);
  EXPECT_FALSE(map->back());

  // One card per task, in Matrix's order; the duplicate files card lists the 3 groups.
  EXPECT_EQ(view->cards().size(), view->document().report.tasks.size());
  EXPECT_EQ(view->cards().size(), 15u);
  ApkTaskCard* duplicates = view->card(QStringLiteral("-duplicatedFile"));
  ASSERT_TRUE(duplicates);
  const auto* task = view->document().task("-duplicatedFile");
  ASSERT_TRUE(task);
  EXPECT_EQ(task->findings.size(), 3u);
  EXPECT_EQ(task->savableBytes, 12605u);
  EXPECT_EQ(duplicates->savingsText(), QStringLiteral("saves 12.3 KiB"));
  EXPECT_TRUE(duplicates->findingsText().startsWith(QStringLiteral(
      "8.9 KiB  74cc0d83539309a8201a5b2ab01a6560 — 2 copies of 8.9 KiB: res/drawable-hdpi/logo.png, "
      "res/drawable-mdpi/splash_jamendo.png\n1.8 KiB  1e556ae017e257981b473e0a247cd60c — 2 copies of 1.8 KiB: "
      "res/drawable-hdpi/cc_loading.png, res/drawable-mdpi/cc_loading.png\n")))
      << duplicates->findingsText().toStdString();
  // A card with nothing to save says nothing about savings; the method count card's numbers are
  // methods, as the header's.
  EXPECT_TRUE(view->card(QStringLiteral("-checkMultiLibrary"))->savingsText().isEmpty());
  EXPECT_EQ(view->card(QStringLiteral("-countMethod"))->verdictText(),
            QStringLiteral("1796 method ids in 1 dex files, 1343 of the app's own classes"));
  EXPECT_TRUE(view->card(QStringLiteral("-countMethod"))
                  ->findingsText()
                  .startsWith(QStringLiteral("1,343 methods  classes.dex")))
      << view->card(QStringLiteral("-countMethod"))->findingsText().toStdString();
  EXPECT_EQ(duplicates->verdictText(), QString::fromStdString(task->verdict));
  EXPECT_EQ(duplicates->shownFindings(), 3u);
  EXPECT_TRUE(duplicates->errorText().isEmpty());
}

TEST(ApkPageTest, ACardListsTheTopFindingsAndExpandsToAll) {
  MXI_REQUIRE_FIXTURE(apk, "apk/androguard_com.teleca.jamendo_35.apk");
  MainWindow window;
  ApkView* view = openApk(window, {q(apk)});
  ASSERT_TRUE(view);
  ApkTaskCard* unzip = view->card(QStringLiteral("-unzip"));
  ASSERT_TRUE(unzip);
  EXPECT_EQ(unzip->shownFindings(), ApkTaskCard::kTopFindings);
  EXPECT_TRUE(unzip->findingsText().startsWith(QStringLiteral("204.8 KiB  classes.dex — 86.1 KiB compressed")))
      << unzip->findingsText().toStdString();
  unzip->setExpanded(true);
  EXPECT_EQ(unzip->shownFindings(), 149u);
  // The manifest's findings weigh nothing: listed without a number.
  ApkTaskCard* manifest = view->card(QStringLiteral("-manifest"));
  ASSERT_TRUE(manifest);
  EXPECT_TRUE(manifest->findingsText().startsWith(QStringLiteral("android.permission.")))
      << manifest->findingsText().toStdString();
}

TEST(ApkPageTest, ACancelledCheckLeavesNoPage) {
  MXI_REQUIRE_FIXTURE(apk, "apk/androguard_app-prod-debug_multidex.apk");
  MainWindow window;
  QSignalSpy failed(&window, &MainWindow::openFailed);
  QSignalSpy opened(&window, &MainWindow::apkOpened);
  window.openFiles({q(apk)});
  ApkCheckJob* job = window.apkPage()->checkJob();
  ASSERT_TRUE(job);
  job->cancel();
  ASSERT_TRUE(failed.wait(60000));
  EXPECT_EQ(failed.front().front().toString(), QStringLiteral("Cancelled"));
  QTest::qWait(50);
  EXPECT_EQ(opened.size(), 0);
  EXPECT_EQ(window.apkView(), nullptr);
  EXPECT_FALSE(window.showPage(QStringLiteral("apk")));
}

TEST(ApkPageTest, TwoBuildsComparedSideBySide) {
  MXI_REQUIRE_FIXTURE(oldApk, "apk/androguard_com.teleca.jamendo_35.apk");
  MXI_REQUIRE_FIXTURE(newApk, "apk/fdroidserver_org.dyndns.fules.ck_20.apk");
  MainWindow window;
  ApkView* view = openApk(window, {q(newApk)});
  ASSERT_TRUE(view);
  QSignalSpy compared(window.apkPage(), &ApkPage::compared);
  window.apkPage()->compareWith({q(oldApk)});
  ASSERT_TRUE(compared.wait(60000));
  auto* diffView = view->findChild<ApkDiffView*>();
  ASSERT_TRUE(diffView);
  EXPECT_EQ(view->tabs()->currentWidget(), diffView);
  // The files' bytes and every entry inflated (Python zipfile's sums), the paths in one only or
  // in both with other contents.
  EXPECT_EQ(diffView->diff().oldDownload, 426386u);
  EXPECT_EQ(diffView->diff().newDownload, 132453u);
  EXPECT_EQ(diffView->diff().oldInstalled, 637535u);
  EXPECT_EQ(diffView->diff().newInstalled, 418067u);
  EXPECT_EQ(
      diffView->totalsText(),
      QStringLiteral("androguard_com.teleca.jamendo_35.apk → fdroidserver_org.dyndns.fules.ck_20.apk\n"
                     "download 416.4 KiB → 129.3 KiB (−287.0 KiB) · installed 622.6 KiB → 408.3 KiB (−214.3 KiB) · "
                     "files: 38 added, 145 removed, 4 changed"));
  ApkFileChangesModel* files = diffView->filesModel();
  ASSERT_EQ(files->rowCount(), 38 + 145 + 4);
  // Sorted by path: AndroidManifest.xml changed, its delta green (it shrank).
  EXPECT_EQ(files->index(0, ApkFileChangesModel::kPath).data().toString(), QStringLiteral("AndroidManifest.xml"));
  EXPECT_EQ(files->index(0, ApkFileChangesModel::kChange).data().toString(), QStringLiteral("changed"));
  EXPECT_EQ(files->index(0, ApkFileChangesModel::kOldBytes).data(kExactRole).toULongLong(), 10360u);
  EXPECT_EQ(files->index(0, ApkFileChangesModel::kNewBytes).data(kExactRole).toULongLong(), 3108u);
  EXPECT_EQ(files->index(0, ApkFileChangesModel::kDelta).data(kExactRole).toLongLong(), 3108 - 10360);
  EXPECT_EQ(files->index(0, ApkFileChangesModel::kDelta).data(Qt::ForegroundRole), deltaColour(-1));
  // The one native library, in 7 ABIs, appeared: growth, red.
  ApkGroupDeltaModel* libs = diffView->groupModel(QStringLiteral("native libraries"));
  ASSERT_TRUE(libs);
  ASSERT_EQ(libs->rowCount(), 1);
  EXPECT_EQ(libs->index(0, ApkGroupDeltaModel::kName).data().toString(), QStringLiteral("libsymlink.so"));
  EXPECT_EQ(libs->index(0, ApkGroupDeltaModel::kNew).data(kExactRole).toULongLong(), 56124u);
  EXPECT_EQ(libs->index(0, ApkGroupDeltaModel::kDeltaCompressed).data(kExactRole).toLongLong(), 21446);
  EXPECT_EQ(libs->index(0, ApkGroupDeltaModel::kDelta).data(Qt::ForegroundRole), deltaColour(1));
  EXPECT_NE(deltaColour(1), deltaColour(-1));
}

TEST(ApkPageTest, AnUnreadableFileIsAFailureNamingIt) {
  MainWindow window;
  QSignalSpy failed(&window, &MainWindow::openFailed);
  window.openFiles({QStringLiteral("/nonexistent/app.apk")});
  ASSERT_TRUE(failed.wait(20000));
  EXPECT_TRUE(failed.front().front().toString().contains(QStringLiteral("/nonexistent/app.apk")))
      << failed.front().front().toString().toStdString();
  EXPECT_EQ(window.apkView(), nullptr);
}

}  // namespace mxi::gui
