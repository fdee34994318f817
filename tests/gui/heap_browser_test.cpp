// The heap browser on real dumps (JVM fixtures): every model passes QAbstractItemModelTester,
// views show what the analyses found, loading runs off the UI thread without stalling it, and
// screenshots of every view are saved under the build tree for people to look at.
#include <gtest/gtest.h>

#include <ctime>
#include <fstream>

#include <QAbstractItemModelTester>
#include <QApplication>
#include <QElapsedTimer>
#include <QItemSelectionModel>
#include <QSignalSpy>
#include <QTest>
#include <QTimer>
#include <QTreeView>

#include "app/gui/charts/heap/dominator_treemap.h"
#include "app/gui/charts/heap/treemap_layout.h"
#include "app/gui/jobs/heap/heap_load_job.h"
#include "app/gui/main_window.h"
#include "app/gui/models/format.h"
#include "app/gui/models/heap/class_delta_model.h"
#include "app/gui/models/heap/class_histogram_model.h"
#include "app/gui/models/heap/dominator_tree_model.h"
#include "app/gui/models/heap/duplicate_strings_model.h"
#include "app/gui/models/heap/leak_tree_model.h"
#include "app/gui/models/heap/object_names.h"
#include "app/gui/models/roles.h"
#include "app/gui/views/heap/bitmap_gallery.h"
#include "app/gui/views/heap/heap_browser.h"
#include "app/gui/views/heap/heap_compare_view.h"
#include "app/gui/views/heap/instance_inspector.h"
#include "app/gui/views/item_views.h"
#include "tests/support/archive_writer.h"
#include "tests/support/sanitizer.h"
#include "tests/support/small_android_heap.h"
#include "tests/support/test_paths.h"

namespace mxi::gui {
namespace {

QString fixture(const char* name) {
  return QString::fromStdString(test::fixtureDumpDir()) + QStringLiteral("/%1.hprof").arg(QLatin1String(name));
}

std::shared_ptr<HeapDocument> load(const QString& path) {
  HeapLoadJob job(path);
  QSignalSpy done(&job, &HeapLoadJob::finished);
  QSignalSpy failed(&job, &HeapLoadJob::failed);
  job.start();
  for (int i = 0; i < 600 && done.isEmpty() && failed.isEmpty(); ++i) done.wait(100);
  EXPECT_TRUE(failed.isEmpty()) << (failed.isEmpty() ? "" : failed.first().first().toString().toStdString());
  if (done.isEmpty()) return nullptr;
  return done.first().first().value<std::shared_ptr<HeapDocument>>();
}

void testModel(QAbstractItemModel* model) {
  QAbstractItemModelTester tester(model, QAbstractItemModelTester::FailureReportingMode::Fatal);
  (void)tester;
}

TEST(HeapBrowserTest, LeaksTabShowsThePlantedLeaksAndTheirChains) {
  auto doc = load(fixture("leaks_base"));
  ASSERT_TRUE(doc);
  HeapBrowser browser(doc);
  LeakTreeModel* leaks = browser.leakModel();
  testModel(leaks);
  ASSERT_EQ(leaks->rowCount(), 8);  // 7 application leaks, then the library leak
  EXPECT_TRUE(leaks->isLibraryLeak(7));
  EXPECT_EQ(leaks->index(7, LeakTreeModel::kWhat).data().toString(),
            QStringLiteral("Library leak: 1 × android.view.View"));
  // The biggest leak first: the Matrix-keyed activity behind LeakHeap.sLeakedActivity.
  const QModelIndex first = leaks->index(0, 0);
  EXPECT_EQ(first.data().toString(), QStringLiteral("1 × com.example.leaks.LeakActivity"));
  EXPECT_EQ(leaks->index(0, LeakTreeModel::kStatus).data().toString(), QStringLiteral("matrix"));
  const int chain = leaks->rowCount(first);
  ASSERT_GE(chain, 2);
  EXPECT_TRUE(leaks->index(chain - 1, 0, first)
                  .data()
                  .toString()
                  .startsWith(QStringLiteral("static LeakHeap.sLeakedActivity → com.example.leaks.LeakActivity 0x")));
  EXPECT_EQ(leaks->index(chain - 1, LeakTreeModel::kStatus, first).data().toString(), QStringLiteral("YES"));
  EXPECT_EQ(leaks->index(chain - 2, LeakTreeModel::kStatus, first).data().toString(), QStringLiteral("NO"));
  EXPECT_TRUE(leaks->index(chain - 1, 0, first).data(Qt::FontRole).value<QFont>().bold());  // suspect

  ClassHistogramModel* classes = browser.classModel();
  testModel(classes);
  EXPECT_EQ(classes->rowCount(), static_cast<int>(core::hprof::classHistogram(*doc->index, std::nullopt).size()));
  testModel(browser.stringsModel());
  EXPECT_TRUE(browser.showView(QStringLiteral("dominators")));
  EXPECT_FALSE(browser.showView(QStringLiteral("nonsense")));
}

TEST(HeapBrowserTest, DominatorTreeFetchesLazilyAndMatchesTheAnalysis) {
  auto doc = load(fixture("leaks_base"));
  ASSERT_TRUE(doc);
  DominatorTreeModel model(*doc);
  // The first batch only; more when the view scrolls (fetchMore).
  ASSERT_GT(doc->dominatorTops.size(), DominatorTreeModel::kBatch);
  EXPECT_EQ(model.rowCount(), static_cast<int>(DominatorTreeModel::kBatch));
  ASSERT_TRUE(model.canFetchMore({}));
  model.fetchMore({});
  EXPECT_EQ(model.rowCount(), static_cast<int>(std::min(2 * DominatorTreeModel::kBatch, doc->dominatorTops.size())));
  testModel(&model);
  // Rows come biggest first and agree with the dominator tree.
  const QModelIndex top = model.index(0, 0);
  const uint64_t topRetained = doc->dominators->retainedBytes(doc->dominatorTops.front());
  EXPECT_EQ(model.index(0, DominatorTreeModel::kRetained).data(kExactRole).toULongLong(), topRetained);
  // Shown in human units, exact in the tooltip; the share of the heap with one decimal.
  EXPECT_EQ(model.index(0, DominatorTreeModel::kRetained).data().toString(), humanBytes(topRetained));
  EXPECT_EQ(model.index(0, DominatorTreeModel::kRetained).data(Qt::ToolTipRole).toString(),
            QLocale().toString(static_cast<qulonglong>(topRetained)) + QStringLiteral(" bytes"));
  const double share =
      100.0 * static_cast<double>(topRetained) / static_cast<double>(doc->dominators->reachableBytes());
  EXPECT_EQ(model.index(0, DominatorTreeModel::kPercent).data().toString(),
            QLocale().toString(share, 'f', 1) + QStringLiteral(" %"));
  ASSERT_TRUE(model.hasChildren(top));
  if (model.canFetchMore(top)) model.fetchMore(top);
  const auto children = doc->dominators->children(model.objectAt(top));
  EXPECT_EQ(model.rowCount(top), static_cast<int>(std::min(children.size(), DominatorTreeModel::kBatch)));
  EXPECT_EQ(model.objectAt(model.index(0, 0, top)), children.front());
  EXPECT_EQ(model.parent(model.index(0, 0, top)), top);
}

TEST(TreemapLayoutTest, AreasAreProportionalAndTileTheBounds) {
  const std::vector<uint64_t> values = {600, 300, 60, 30, 6, 3, 1, 0};
  const TreemapRect bounds{10, 20, 400, 300};
  const auto rects = squarify(values, bounds);
  ASSERT_EQ(rects.size(), values.size());
  double area = 0;
  for (size_t i = 0; i < values.size(); ++i) {
    const TreemapRect& r = rects[i];
    EXPECT_NEAR(r.w * r.h, 400.0 * 300.0 * static_cast<double>(values[i]) / 1000.0, 1e-6) << i;
    EXPECT_GE(r.x, bounds.x - 1e-9);
    EXPECT_GE(r.y, bounds.y - 1e-9);
    EXPECT_LE(r.x + r.w, bounds.x + bounds.w + 1e-9);
    EXPECT_LE(r.y + r.h, bounds.y + bounds.h + 1e-9);
    for (size_t j = 0; j < i; ++j) {  // no two overlap
      const TreemapRect& o = rects[j];
      const double overlapW = std::min(r.x + r.w, o.x + o.w) - std::max(r.x, o.x);
      const double overlapH = std::min(r.y + r.h, o.y + o.h) - std::max(r.y, o.y);
      EXPECT_FALSE(overlapW > 1e-6 && overlapH > 1e-6) << i << " overlaps " << j;
    }
    area += r.w * r.h;
  }
  EXPECT_NEAR(area, 400.0 * 300.0, 1e-6);
  // The biggest is nearly square, not a sliver.
  EXPECT_LT(std::max(rects[0].w / rects[0].h, rects[0].h / rects[0].w), 2.0);
}

TEST(HeapBrowserTest, SummaryTreemapShowsWhatTheBiggestRetainersHoldAndDrillsDown) {
  auto doc = load(fixture("leaks_base"));
  ASSERT_TRUE(doc);
  HeapBrowser browser(doc);
  browser.resize(1280, 800);
  browser.show();
  DominatorTreemap* map = browser.treemap();
  ASSERT_TRUE(map);
  QApplication::processEvents();
  const auto& dom = *doc->dominators;
  // The whole heap: the biggest retainer first, and every reachable byte in some cell.
  ASSERT_FALSE(map->cells().empty());
  EXPECT_EQ(map->cells().front().object, doc->dominatorTops.front());
  EXPECT_EQ(map->cells().front().bytes, dom.retainedBytes(doc->dominatorTops.front()));
  uint64_t sum = 0;
  for (const auto& c : map->cells()) sum += c.bytes;
  EXPECT_EQ(sum, dom.reachableBytes());
  EXPECT_EQ(map->cells().front().label, describeObject(*doc->index, doc->dominatorTops.front()));
  // A click on a box that holds others shows them: its children and itself add up to its size.
  const auto target = std::find_if(map->cells().begin(), map->cells().end(), [](const auto& c) { return c.drillable; });
  ASSERT_NE(target, map->cells().end());
  const core::hprof::ObjectIndex object = target->object;
  QTest::mouseClick(map, Qt::LeftButton, {}, target->rect.center().toPoint());
  EXPECT_EQ(map->focus(), object);
  sum = 0;
  for (const auto& c : map->cells()) sum += c.bytes;
  EXPECT_EQ(sum, dom.retainedBytes(object));
  EXPECT_TRUE(map->breadcrumb().contains(describeObject(*doc->index, object)));
  QTest::mouseClick(map, Qt::RightButton, {}, QPoint(5, 5));
  EXPECT_EQ(map->focus(), core::hprof::kNoObject);
  EXPECT_FALSE(map->back());
}

TEST(HeapBrowserTest, BitmapGalleryShowsOneThumbnailPerDuplicateGroup) {
  auto doc = load(fixture("bitmaps"));
  ASSERT_TRUE(doc);
  HeapBrowser browser(doc);
  EXPECT_EQ(browser.bitmapGallery()->thumbnailCount(), 2);
  const QImage avatar = BitmapGallery::pictureOf(*doc, doc->bitmaps.groups[0]);
  EXPECT_EQ(avatar.size(), QSize(100, 50));
}

TEST(InstanceInspectorTest, ALeakedObjectShowsFieldsReferrersAndItsPath) {
  auto doc = load(fixture("leaks_base"));
  ASSERT_TRUE(doc);
  HeapBrowser browser(doc);
  // What a double-click on the first leak's last chain node opens.
  const QModelIndex first = browser.leakModel()->index(0, 0);
  const QModelIndex leaking = browser.leakModel()->index(browser.leakModel()->rowCount(first) - 1, 0, first);
  const qulonglong id = leaking.data(kObjectIdRole).toULongLong();
  ASSERT_NE(id, 0u);
  InstanceInspector* inspector = browser.inspector();
  QSignalSpy ready(inspector, &InstanceInspector::extrasLoaded);
  ASSERT_TRUE(browser.inspect(core::hprof::ObjectId{id}));
  EXPECT_EQ(browser.currentWidget(), inspector);
  ASSERT_TRUE(ready.wait(10000));
  const QString text = inspector->pageText();
  EXPECT_TRUE(text.startsWith(QStringLiteral("com.example.leaks.LeakActivity 0x"))) << text.toStdString();
  EXPECT_TRUE(text.contains(QStringLiteral("mTitle\nObject\njava.lang.String@0x"))) << text.toStdString();
  EXPECT_TRUE(text.contains(QStringLiteral("\"static\""))) << text.toStdString();
  EXPECT_TRUE(text.contains(QStringLiteral("mDestroyed\nboolean\ntrue"))) << text.toStdString();
  EXPECT_TRUE(text.contains(QStringLiteral("Referrers (2)"))) << text.toStdString();
  EXPECT_TRUE(text.contains(QStringLiteral("via staticField sLeakedActivity"))) << text.toStdString();
  EXPECT_TRUE(text.contains(QStringLiteral("sLeakedActivity → com.example.leaks.LeakActivity@0x")))
      << text.toStdString();
  // Every id is a link into the inspector.
  EXPECT_TRUE(inspector->pageHtml().contains(QStringLiteral("href=\"obj:"))) << inspector->pageHtml().toStdString();

  // A class object lists its instances; an unknown id is refused.
  const auto cached = doc->index->findClass("com.example.leaks.Cached");
  ASSERT_TRUE(cached);
  ASSERT_TRUE(browser.inspect(doc->index->classInfo(*cached).id));
  ASSERT_TRUE(ready.wait(10000));
  EXPECT_TRUE(inspector->pageText().contains(QStringLiteral("Instances (10)"))) << inspector->pageText().toStdString();
  EXPECT_FALSE(browser.inspect(core::hprof::ObjectId{0x10}));
}

// Issue 27: an object only the main thread's locals hold (an ignored known reference) is
// reachable, so it has that path, and the page says why it is that one.
TEST(InstanceInspectorTest, AnObjectOnlyMainThreadLocalsHoldShowsThatPathAndWhy) {
  test::SmallAndroidHeap heap;
  heap.declareClass("com.example.Cache", "", {{"mEntry", test::kObj}});
  const uint64_t cache = heap.newInstance("com.example.Cache");
  heap.thread("main", {cache});
  const auto dir = test::scratchDir("inspector-main-local");
  const std::string dump = (dir / "main-local.hprof").string();
  ASSERT_TRUE(test::writeFile(dump, heap.bytes()));
  auto doc = load(QString::fromStdString(dump));
  ASSERT_TRUE(doc);
  HeapBrowser browser(doc);
  InstanceInspector* inspector = browser.inspector();
  QSignalSpy ready(inspector, &InstanceInspector::extrasLoaded);
  ASSERT_TRUE(browser.inspect(core::hprof::ObjectId{cache}));
  ASSERT_TRUE(ready.wait(10000));
  const QString text = inspector->pageText();
  EXPECT_TRUE(text.contains(
      QStringLiteral("Java frame (thread main) → com.example.Cache@%1").arg(hexId(core::hprof::ObjectId{cache}))))
      << text.toStdString();
  EXPECT_TRUE(text.contains(QStringLiteral(
      "held only through an ignored known reference, a local variable of thread main: What the main thread holds in "
      "a local variable is gone once it returns.")))
      << text.toStdString();
  EXPECT_FALSE(text.contains(QStringLiteral("No strong path"))) << text.toStdString();
}

TEST(HeapCompareViewTest, ComparingWithTheBaselineShowsThePlantedRegression) {
  auto doc = load(fixture("leaks_regressed"));
  ASSERT_TRUE(doc);
  HeapBrowser browser(doc);
  ASSERT_TRUE(browser.showView(QStringLiteral("compare")));
  HeapCompareView* view = browser.compareView();
  QSignalSpy done(view, &HeapCompareView::compared);
  view->compareWith(fixture("leaks_base"));
  ASSERT_TRUE(done.wait(60000));
  EXPECT_EQ(view->summaryText(),
            QStringLiteral(
                "Baseline leaks_base.hprof → this dump: 2 new leaks, 1 fixed, 7 still present; %1 classes changed.")
                .arg(view->comparison()->diff.classes.size()));
  LeakTreeModel* leaks = view->leakModel();
  ASSERT_TRUE(leaks);
  testModel(leaks);
  ASSERT_EQ(leaks->rowCount(), 3);
  auto text = [&](const QModelIndex& i, int column = LeakTreeModel::kWhat) {
    return leaks->index(i.row(), column, i.parent()).data().toString();
  };
  const QModelIndex added = leaks->index(0, 0), fixed = leaks->index(1, 0), still = leaks->index(2, 0);
  EXPECT_EQ(text(added), QStringLiteral("New leaks (2)"));
  EXPECT_EQ(leaks->rowCount(added), 2);
  EXPECT_EQ(text(fixed), QStringLiteral("Fixed leaks (1)"));
  EXPECT_EQ(text(leaks->index(0, 0, fixed)), QStringLiteral("1 × android.view.View"));
  EXPECT_EQ(text(still), QStringLiteral("Still present (7)"));
  EXPECT_TRUE(view->leakTree()->isExpanded(added));
  // Each leak carries its chain, shown as the Leaks tab shows it: root first, ending at the
  // leaking object, whose status is YES.
  const QModelIndex fixedView = leaks->index(0, 0, fixed);
  const int links = leaks->rowCount(fixedView);
  ASSERT_GT(links, 2);
  EXPECT_TRUE(text(leaks->index(0, 0, fixedView)).startsWith(QStringLiteral("GC root: ")))
      << text(leaks->index(0, 0, fixedView)).toStdString();
  EXPECT_TRUE(text(leaks->index(links - 1, 0, fixedView)).contains(QStringLiteral("→ android.view.View 0x")))
      << text(leaks->index(links - 1, 0, fixedView)).toStdString();
  EXPECT_EQ(text(leaks->index(links - 1, 0, fixedView), LeakTreeModel::kStatus), QStringLiteral("YES"));
  // Still present: retained bytes as baseline → this dump, the exact figure this dump's.
  const QModelIndex kept = leaks->index(0, LeakTreeModel::kRetained, still);
  EXPECT_TRUE(kept.data().toString().contains(QStringLiteral(" → "))) << kept.data().toString().toStdString();
  EXPECT_EQ(kept.data(kExactRole).toULongLong(), view->comparison()->diff.stillPresent[0].second.retainedBytes);

  ClassDeltaModel* classes = view->classModel();
  ASSERT_TRUE(classes);
  testModel(classes);
  bool sawCached = false;
  for (int r = 0; r < classes->rowCount(); ++r) {
    if (classes->index(r, ClassDeltaModel::kClass).data().toString() != QStringLiteral("com.example.leaks.Cached"))
      continue;
    sawCached = true;
    EXPECT_EQ(classes->index(r, ClassDeltaModel::kCountDelta).data(kExactRole).toLongLong(), 1000);
    EXPECT_EQ(classes->index(r, ClassDeltaModel::kCountDelta).data().toString(),
              QStringLiteral("+") + QLocale().toString(1000));
    EXPECT_EQ(classes->index(r, ClassDeltaModel::kCountBase).data(kExactRole).toULongLong(), 10u);
    EXPECT_EQ(classes->index(r, ClassDeltaModel::kCountNew).data(kExactRole).toULongLong(), 1010u);
  }
  EXPECT_TRUE(sawCached);
}

TEST(ItemViewsTest, CopyPutsTheSelectedRowsAsTabSeparatedText) {
  auto doc = load(fixture("leaks_base"));
  ASSERT_TRUE(doc);
  ClassHistogramModel model(*doc);
  QAbstractItemView* view = nullptr;
  std::unique_ptr<QWidget> page(filteredTable(&model, ClassHistogramModel::kShallow, &model, &view));
  ASSERT_TRUE(view);
  view->selectionModel()->select(view->model()->index(0, 0), QItemSelectionModel::Select | QItemSelectionModel::Rows);
  const QString text = selectedRowsText(view);
  const QStringList lines = text.split(QLatin1Char('\n'), Qt::SkipEmptyParts);
  ASSERT_EQ(lines.size(), 2);
  EXPECT_EQ(lines[0], QStringLiteral("Class\tObjects\tShallow bytes\tRetained bytes"));
  const QModelIndex top = view->model()->index(0, 0);
  // Numbers are copied exactly (what is shown is in human units).
  EXPECT_EQ(lines[1], QStringLiteral("%1\t%2\t%3\t%4")
                          .arg(top.data().toString(), top.siblingAtColumn(1).data(kExactRole).toString(),
                               top.siblingAtColumn(2).data(kExactRole).toString(),
                               top.siblingAtColumn(3).data(kExactRole).toString()));
  EXPECT_EQ(top.siblingAtColumn(2).data().toString(),
            humanBytes(top.siblingAtColumn(2).data(kExactRole).toULongLong()));
  EXPECT_NE(lines[1].indexOf(QStringLiteral("\t") + top.siblingAtColumn(2).data(kExactRole).toString()), -1);

  // Sorting compares the numbers, not their text ("9.0 KiB" would sort after "10.0 MiB").
  view->model()->sort(ClassHistogramModel::kShallow, Qt::AscendingOrder);
  for (int r = 1; r < view->model()->rowCount(); ++r) {
    EXPECT_LE(view->model()->index(r - 1, ClassHistogramModel::kShallow).data(kExactRole).toULongLong(),
              view->model()->index(r, ClassHistogramModel::kShallow).data(kExactRole).toULongLong())
        << "row " << r;
  }
}

TEST(HeapBrowserTest, BadDumpFailsWithFileAndOffset) {
  const auto dir = test::scratchDir("gui-bad");
  const std::string path = (dir / "bad.hprof").string();
  FILE* f = std::fopen(path.c_str(), "wb");
  std::fputs("JAVA PROFILE 1.0.2", f);
  std::fclose(f);
  HeapLoadJob job(QString::fromStdString(path));
  QSignalSpy failed(&job, &HeapLoadJob::failed);
  job.start();
  ASSERT_TRUE(failed.wait(10000));
  const QString message = failed.first().first().toString();
  EXPECT_TRUE(message.contains(QStringLiteral("bad.hprof"))) << message.toStdString();
  EXPECT_TRUE(message.contains(QStringLiteral("offset"))) << message.toStdString();
}

// Progressive opening: Summary and Classes are usable once the dump is indexed, Leaks once their
// paths are found (retained bytes "computing…" until the dominator tree lands), then the rest;
// MXI_GUI_TIMINGS gets one line per milestone, in order.
TEST(MainWindowTest, TabsBecomeUsableStageByStageAndTheTimingsSaySo) {
  const auto timings = test::scratchDir("gui-timings") / "timings.txt";
  ::setenv("MXI_GUI_TIMINGS", timings.c_str(), 1);
  MainWindow window;
  window.resize(1280, 800);
  window.show();
  QSignalSpy loaded(&window, &MainWindow::dumpLoaded);
  bool sawOpened = false, sawLeaks = false, sawRetained = false;
  QObject::connect(&window, &MainWindow::dumpOpened, [&] {
    sawOpened = true;
    HeapBrowser* b = window.heapBrowser();
    ASSERT_TRUE(b);
    EXPECT_TRUE(loaded.isEmpty());
    EXPECT_TRUE(b->isReady(QStringLiteral("summary")));
    EXPECT_TRUE(b->isReady(QStringLiteral("classes")));
    for (const char* pending : {"leaks", "bitmaps", "dominators", "strings", "inspector", "compare"}) {
      EXPECT_FALSE(b->isReady(QLatin1String(pending))) << pending;
    }
    ASSERT_GT(b->classModel()->rowCount(), 0);
    EXPECT_GT(b->classModel()->index(0, ClassHistogramModel::kShallow).data(kExactRole).toULongLong(), 0u);
    EXPECT_EQ(b->classModel()->index(0, ClassHistogramModel::kRetained).data().toString(),
              QStringLiteral("computing…"));
  });
  QObject::connect(&window, &MainWindow::heapStageShown, [&](HeapStage stage) {
    HeapBrowser* b = window.heapBrowser();
    if (stage == HeapStage::kLeaksFound) {
      sawLeaks = true;
      EXPECT_TRUE(b->isReady(QStringLiteral("leaks")));
      EXPECT_FALSE(b->isReady(QStringLiteral("dominators")));
      ASSERT_GT(b->leakModel()->rowCount(), 0);
      EXPECT_EQ(b->leakModel()->index(0, LeakTreeModel::kRetained).data().toString(), QStringLiteral("computing…"));
    }
    if (stage == HeapStage::kRetained) {
      sawRetained = true;
      EXPECT_TRUE(b->isReady(QStringLiteral("dominators")));
      EXPECT_GT(b->leakModel()->index(0, LeakTreeModel::kRetained).data(kExactRole).toULongLong(), 0u);
      EXPECT_GT(b->classModel()->index(0, ClassHistogramModel::kRetained).data(kExactRole).toULongLong(), 0u);
    }
  });
  window.openDump(fixture("android_heap"));
  ASSERT_TRUE(loaded.wait(60000));
  ::unsetenv("MXI_GUI_TIMINGS");
  EXPECT_TRUE(sawOpened && sawLeaks && sawRetained);
  for (const char* view : {"summary", "leaks", "bitmaps", "classes", "dominators", "strings", "inspector", "compare"}) {
    EXPECT_TRUE(window.heapBrowser()->isReady(QLatin1String(view))) << view;
  }
  // The leaks are the ones a one-piece load finds, biggest first.
  const auto whole = load(fixture("android_heap"));
  ASSERT_TRUE(whole);
  const auto& shown = window.heapBrowser()->document().leaks.leaks;
  ASSERT_EQ(shown.size(), whole->leaks.leaks.size());
  for (size_t i = 0; i < shown.size(); ++i) {
    EXPECT_EQ(shown[i].signature, whole->leaks.leaks[i].signature);
    EXPECT_EQ(shown[i].retainedBytes, whole->leaks.leaks[i].retainedBytes);
  }

  std::ifstream in(timings);
  std::vector<std::string> names;
  double previous = 0;
  for (std::string name; in >> name;) {
    double ms = -1;
    in >> ms;
    EXPECT_GE(ms, previous) << name;
    previous = ms;
    names.push_back(name);
  }
  EXPECT_EQ(names, (std::vector<std::string>{"index-ready", "summary-ready", "classes-ready", "leaks-ready",
                                             "retained-ready", "dominators-ready"}));
}

// The UI thread keeps turning while a dump loads: between two 10 ms timer ticks it never does more
// than 50 ms of its own work (the load runs on the job's thread). The UI thread's CPU time, not
// the wall clock: on a loaded machine the scheduler may keep a ready thread waiting, which no code
// of ours can prevent (the wall-clock stall is a benchmark's figure: gui_open_bench).
TEST(MainWindowTest, LoadingDoesNotStallTheUiThreadAndScreenshotsEveryView) {
  MainWindow window;
  window.resize(1280, 800);
  window.show();
  QSignalSpy firstPaint(&window, &QObject::objectNameChanged);
  firstPaint.wait(200);  // let the window's first paint happen before measuring
  const auto uiThreadCpuMs = [] {
    timespec now{};
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &now);
    return static_cast<double>(now.tv_sec) * 1e3 + static_cast<double>(now.tv_nsec) / 1e6;
  };
  double last = 0, worst = 0;
  int ticks = 0;
  QTimer tick;
  QObject::connect(&tick, &QTimer::timeout, [&] {
    const double now = uiThreadCpuMs();
    worst = std::max(worst, now - last);
    last = now;
    ++ticks;
  });
  tick.start(10);
  QSignalSpy loaded(&window, &MainWindow::dumpLoaded);
  last = uiThreadCpuMs();
  window.openDump(fixture("android_heap"));
  ASSERT_TRUE(loaded.wait(60000));
  tick.stop();
  worst = std::max(worst, uiThreadCpuMs() - last);  // the work since the last tick counts too
  EXPECT_GT(ticks, 0);
  const double budget = test::underAddressSanitizer() ? 150 : 50;  // ASan runs every line ~3× slower
  EXPECT_LT(worst, budget) << "the UI thread worked " << worst << " ms without turning its event loop";
  ASSERT_TRUE(window.heapBrowser());
  const auto dir = test::artifactDir("screenshots");
  ASSERT_FALSE(window.heapBrowser()->document().leaks.leaks.empty());
  window.heapBrowser()->inspect(window.heapBrowser()->document().leaks.leaks.front().chain.back().objectId);
  QSignalSpy inspected(window.heapBrowser()->inspector(), &InstanceInspector::extrasLoaded);
  ASSERT_TRUE(inspected.wait(10000));
  for (const char* view : {"summary", "leaks", "bitmaps", "classes", "dominators", "strings", "inspector", "compare"}) {
    ASSERT_TRUE(window.heapBrowser()->showView(QLatin1String(view)));
    const QString out = QString::fromStdString((dir / (std::string(view) + ".png")).string());
    EXPECT_TRUE(window.grab().save(out)) << view;
  }
}

}  // namespace
}  // namespace mxi::gui
