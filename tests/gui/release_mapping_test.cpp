// Release builds in the desktop app (issue 31): mappings per app and versionCode in Settings (and
// the settings stored before versions existed, still read), the most specific entry winning; a
// minified dump of the test program opened with its mapping shows original class and field names
// in every heap model; Apply mapping… re-opens the dump with a one-off file; a bad mapping file
// leaves the dump open with minified names and says why.
#include <gtest/gtest.h>

#include <QAction>
#include <QLabel>
#include <QRegularExpression>
#include <QSettings>
#include <QSignalSpy>
#include <QStatusBar>
#include <QTableWidget>
#include <filesystem>
#include <fstream>
#include <functional>

#include "app/gui/main_window.h"
#include "app/gui/models/heap/class_histogram_model.h"
#include "app/gui/models/heap/leak_tree_model.h"
#include "app/gui/settings/settings.h"
#include "app/gui/views/heap/heap_browser.h"
#include "app/gui/views/heap/heap_page.h"
#include "app/gui/views/session/issue_detail_view.h"
#include "app/gui/views/session/live_dashboard.h"
#include "app/gui/views/session/session_page.h"
#include "app/gui/views/session/session_view.h"
#include "app/gui/views/settings_dialog.h"
#include "core/session/session_writer.h"
#include "tests/support/test_paths.h"

namespace mxi::gui {
namespace {

AppMapping row(const char* package, const char* version, const char* mapping) {
  return AppMapping{QString::fromLatin1(package), QString(), QString::fromLatin1(mapping),
                    QString::fromLatin1(version)};
}

TEST(ReleaseMappingSettingsTest, TheMostSpecificEntryWins) {
  const QList<AppMapping> table = {row("", "", "/any.txt"), row("com.example.app", "", "/every.txt"),
                                   row("com.example.app", "13", "/13.txt"), row("com.example.app", "12", "/12.txt")};
  EXPECT_EQ(findAppMapping(table, "com.example.app", "12")->proguardMapping, QStringLiteral("/12.txt"));
  EXPECT_EQ(findAppMapping(table, "com.example.app:remote", "13")->proguardMapping, QStringLiteral("/13.txt"));
  EXPECT_EQ(findAppMapping(table, "com.example.app", "14")->proguardMapping, QStringLiteral("/every.txt"));
  EXPECT_EQ(findAppMapping(table, "com.example.app", "")->proguardMapping, QStringLiteral("/every.txt"));
  EXPECT_EQ(findAppMapping(table, "com.example.other", "12")->proguardMapping, QStringLiteral("/any.txt"));
  // Only another build's entry: no mapping (its names would be wrong), not that one.
  const QList<AppMapping> only13 = {row("com.example.app", "13", "/13.txt")};
  EXPECT_EQ(findAppMapping(only13, "com.example.app", "12"), nullptr);
  EXPECT_EQ(findAppMapping(only13, "com.example.app", ""), nullptr);

  Settings s;
  s.mappings = {row("com.example.app", "1.3", "/13.txt")};
  EXPECT_EQ(s.validate(),
            QStringLiteral("the mapping of com.example.app: versionCode '1.3' is not a number (blank: every version)"));
  s.mappings = {row("com.example.app", "13", "")};
  EXPECT_EQ(s.validate(), QStringLiteral("the mapping of com.example.app 13 names no file"));
}

// Settings written before versions existed ("mappings": package, methodMapping, proguardMapping)
// load as rows for every version; the next save moves them to "appMappings" and drops the old key.
TEST(ReleaseMappingSettingsTest, OldStoredMappingsAreReadAndMigrated) {
  const auto dir = test::scratchDir("gui-release-mapping-migrate");
  const QString ini = QString::fromStdString((dir / "settings.ini").string());
  {
    QSettings old(ini, QSettings::IniFormat);
    old.beginWriteArray(QStringLiteral("mappings"), 2);
    old.setArrayIndex(0);
    old.setValue(QStringLiteral("package"), QStringLiteral("com.example.app"));
    old.setValue(QStringLiteral("methodMapping"), QStringLiteral("/maps/methodMapping.txt"));
    old.setValue(QStringLiteral("proguardMapping"), QStringLiteral("/maps/mapping.txt"));
    old.setArrayIndex(1);
    old.setValue(QStringLiteral("package"), QStringLiteral("com.example.other"));
    old.setValue(QStringLiteral("proguardMapping"), QStringLiteral("/maps/other.txt"));
    old.endArray();
    old.sync();
  }
  QSettings store(ini, QSettings::IniFormat);
  Settings s = Settings::load(store);
  ASSERT_EQ(s.mappings.size(), 2);
  EXPECT_TRUE(s.mappings[0] == (AppMapping{QStringLiteral("com.example.app"), QStringLiteral("/maps/methodMapping.txt"),
                                           QStringLiteral("/maps/mapping.txt"), QString()}));
  EXPECT_TRUE(s.mappings[1] == (AppMapping{QStringLiteral("com.example.other"), QString(),
                                           QStringLiteral("/maps/other.txt"), QString()}));

  s.mappings << row("com.example.app", "13", "/maps/13/mapping.txt");
  s.save(store);
  EXPECT_FALSE(store.contains(QStringLiteral("mappings/size")));
  EXPECT_EQ(store.value(QStringLiteral("appMappings/size")).toInt(), 3);
  EXPECT_EQ(store.value(QStringLiteral("appMappings/3/versionCode")).toString(), QStringLiteral("13"));
  EXPECT_EQ(store.value(QStringLiteral("appMappings/3/mapping")).toString(), QStringLiteral("/maps/13/mapping.txt"));
  const Settings back = Settings::load(store);
  EXPECT_TRUE(back.mappings == s.mappings);

  // Every row removed: the empty table stays empty (the old key is not read again).
  s.mappings.clear();
  s.save(store);
  EXPECT_TRUE(Settings::load(store).mappings.isEmpty());
}

TEST(ReleaseMappingSettingsTest, DialogEditsTheVersionColumn) {
  Settings s;
  s.mappings = {row("com.example.app", "13", "/maps/13.txt")};
  SettingsDialog dialog(s);
  QTableWidget* table = dialog.mappingTable();
  ASSERT_EQ(table->columnCount(), 4);
  EXPECT_EQ(table->horizontalHeaderItem(1)->text(), QStringLiteral("versionCode"));
  EXPECT_EQ(table->horizontalHeaderItem(3)->text(), QStringLiteral("R8/ProGuard mapping.txt"));
  EXPECT_EQ(table->item(0, 1)->text(), QStringLiteral("13"));
  EXPECT_TRUE(dialog.settings() == s);
  table->item(0, 1)->setText(QStringLiteral(" "));  // blank: every version
  EXPECT_EQ(dialog.settings().mappings[0].versionCode, QString());
  table->item(0, 1)->setText(QStringLiteral("v13"));
  dialog.accept();
  EXPECT_EQ(dialog.result(), QDialog::Rejected);
  EXPECT_EQ(dialog.problem(),
            QStringLiteral("the mapping of com.example.app: versionCode 'v13' is not a number (blank: every version)"));
}

// The release-build fixture (tests/fixtures/minified): one shop program minified twice.
bool haveShop() { return std::filesystem::exists(test::minifiedFile("1.2", ".hprof")); }
QString shop(const char* build, const char* suffix) {
  return QString::fromStdString(test::minifiedFile(build, suffix));
}

HeapPage* heapPage(MainWindow& window) { return window.findChild<HeapPage*>(); }

// Opens `dump` (or, with a mapping file, re-opens the shown dump through it) and waits for every stage.
bool waitLoaded(MainWindow& window, const std::function<void()>& open) {
  QSignalSpy loaded(&window, &MainWindow::dumpLoaded);
  QSignalSpy failed(&window, &MainWindow::openFailed);
  open();
  for (int i = 0; i < 600 && loaded.isEmpty() && failed.isEmpty(); ++i) loaded.wait(100);
  EXPECT_TRUE(failed.isEmpty()) << (failed.isEmpty() ? "" : failed.first().first().toString().toStdString());
  return !loaded.isEmpty();
}

QStringList histogramClasses(MainWindow& window) {
  QStringList names;
  ClassHistogramModel* model = window.heapBrowser()->classModel();
  for (int r = 0; r < model->rowCount(); ++r) names << model->index(r, ClassHistogramModel::kClass).data().toString();
  return names;
}

QString histogramTooltip(MainWindow& window, const QString& cls) {
  ClassHistogramModel* model = window.heapBrowser()->classModel();
  for (int r = 0; r < model->rowCount(); ++r) {
    if (model->index(r, ClassHistogramModel::kClass).data().toString() == cls)
      return model->index(r, ClassHistogramModel::kClass).data(Qt::ToolTipRole).toString();
  }
  return QStringLiteral("<no row>");
}

// Every leak's title, then its chain's steps, one line each.
QStringList leakLines(MainWindow& window) {
  QStringList lines;
  LeakTreeModel* leaks = window.heapBrowser()->leakModel();
  for (int r = 0; r < leaks->rowCount(); ++r) {
    const QModelIndex leak = leaks->index(r, 0);
    lines << leak.data().toString();
    for (int step = 0; step < leaks->rowCount(leak); ++step) {
      QString text = leaks->index(step, 0, leak).data().toString();
      text.replace(QRegularExpression(QStringLiteral(" 0x[0-9a-f]+")), QStringLiteral(" 0x…"));  // ids vary by run
      lines << QStringLiteral("  ") + text;
    }
  }
  return lines;
}

// Both builds' leaks as the Leaks tab shows them with the build's mapping: original classes and fields.
const char* kShopLeaks =
    "1 × com.example.shop.CheckoutActivity\n"
    "  GC root: JNI global → jdk.internal.loader.ClassLoaders$AppClassLoader 0x…\n"
    "  ClassLoader.classes → java.util.ArrayList 0x…\n"
    "  ArrayList.elementData → java.lang.Object[] 0x…\n"
    "  Object[][11] → com.example.shop.ListenerRegistry 0x…\n"
    "  static ListenerRegistry.sInstance → com.example.shop.ListenerRegistry 0x…\n"
    "  ListenerRegistry.mListeners → com.example.shop.PriceListener[] 0x…\n"
    "  PriceListener[][0] → com.example.shop.CheckoutActivity$PriceWatcher 0x…\n"
    "  CheckoutActivity$PriceWatcher.this$0 → com.example.shop.CheckoutActivity 0x…\n"
    "1 × com.example.shop.ProductActivity\n"
    "  GC root: JNI global → jdk.internal.loader.ClassLoaders$AppClassLoader 0x…\n"
    "  ClassLoader.classes → java.util.ArrayList 0x…\n"
    "  ArrayList.elementData → java.lang.Object[] 0x…\n"
    "  Object[][12] → com.example.shop.ImageCache 0x…\n"
    "  static ImageCache.sInstance → com.example.shop.ImageCache 0x…\n"
    "  ImageCache.mOwner → com.example.shop.ProductActivity 0x…";

TEST(ReleaseMappingHeapTest, SettingsMappingForTheAppVersionRenamesEveryHeapView) {
  if (!haveShop()) GTEST_SKIP() << "the minified fixture dumps are made by the jvm_dumps fixture";
  MainWindow window;
  Settings s;
  // Build 1.3's entry must not be taken for 1.2; the package's blank-version row is the fallback.
  s.mappings = {row("com.example.shop", "13", "/nonexistent/13.txt"),
                row("com.example.shop", "12", shop("1.2", ".mapping.txt").toLatin1().constData())};
  window.applySettings(s);
  ASSERT_TRUE(waitLoaded(window, [&] { window.openDump(shop("1.2", ".hprof")); }));
  const HeapDocument& doc = window.heapBrowser()->document();
  EXPECT_EQ(doc.appPackage, QStringLiteral("com.example.shop"));
  EXPECT_EQ(doc.appVersionCode, QStringLiteral("12"));
  EXPECT_EQ(doc.mappingPath, shop("1.2", ".mapping.txt"));
  EXPECT_EQ(doc.mappingError, QString());
  EXPECT_EQ(heapPage(window)->mappingText(),
            QStringLiteral("Original names from shop-1.2.mapping.txt (com.example.shop 12)"));

  const QStringList classes = histogramClasses(window);
  for (const char* original : {"com.example.shop.Cart", "com.example.shop.CartItem", "com.example.shop.CartItem[]",
                               "com.example.shop.CheckoutActivity", "com.example.shop.CheckoutActivity$PriceWatcher",
                               "com.example.shop.ListenerRegistry", "com.example.shop.PriceListener[]",
                               "com.example.shop.ImageCache", "com.example.shop.ProductActivity"}) {
    EXPECT_TRUE(classes.contains(QLatin1String(original))) << original;
  }
  for (const QString& cls : classes) {
    // No minified class of the app is left: its renamed classes are one letter after the package.
    EXPECT_FALSE(QRegularExpression(QStringLiteral("^com\\.example\\.shop\\.[a-z](\\[\\])*$")).match(cls).hasMatch())
        << cls.toStdString();
  }
  EXPECT_EQ(histogramTooltip(window, QStringLiteral("com.example.shop.Cart")),
            QStringLiteral("was com.example.shop.b"));
  EXPECT_EQ(histogramTooltip(window, QStringLiteral("java.lang.String")), QString());

  EXPECT_EQ(leakLines(window).join(QLatin1Char('\n')).toStdString(), kShopLeaks);
}

// Apply mapping… re-opens the dump shown through a file of the user's, whatever Settings hold.
TEST(ReleaseMappingHeapTest, ApplyMappingReopensTheDumpWithOriginalNames) {
  if (!haveShop()) GTEST_SKIP() << "the minified fixture dumps are made by the jvm_dumps fixture";
  MainWindow window;
  window.applySettings(Settings{});
  EXPECT_FALSE(heapPage(window)->applyMappingAction()->isEnabled());
  ASSERT_TRUE(waitLoaded(window, [&] { window.openDump(shop("1.3", ".hprof")); }));
  EXPECT_EQ(heapPage(window)->mappingText(),
            QStringLiteral("Names as in the dump (no mapping in Settings for com.example.shop 13)"));
  EXPECT_TRUE(histogramClasses(window).contains(QStringLiteral("o.z")));  // com.example.shop.Cart in 1.3
  EXPECT_TRUE(heapPage(window)->applyMappingAction()->isEnabled());

  ASSERT_TRUE(waitLoaded(window, [&] { heapPage(window)->applyMapping(shop("1.3", ".mapping.txt")); }));
  EXPECT_EQ(heapPage(window)->mappingText(),
            QStringLiteral("Original names from shop-1.3.mapping.txt (com.example.shop 13)"));
  const QStringList classes = histogramClasses(window);
  EXPECT_TRUE(classes.contains(QStringLiteral("com.example.shop.Cart")));
  EXPECT_FALSE(classes.contains(QStringLiteral("o.z")));
  EXPECT_EQ(histogramTooltip(window, QStringLiteral("com.example.shop.Cart")), QStringLiteral("was o.z"));
  EXPECT_EQ(leakLines(window).join(QLatin1Char('\n')).toStdString(), kShopLeaks);
}

// A mapping that cannot be used: the dump opens with its minified names, and the status bar and
// the line above the tabs say which file and why.
TEST(ReleaseMappingHeapTest, BadMappingFileKeepsTheDumpOpenWithAnError) {
  if (!haveShop()) GTEST_SKIP() << "the minified fixture dumps are made by the jvm_dumps fixture";
  const auto dir = test::scratchDir("gui-release-mapping-bad");
  const std::string bad = (dir / "mapping.txt").string();
  std::ofstream(bad) << "com.example.shop.Cart -> com.example.shop.b:\n    this is not a member line\n";
  MainWindow window;
  Settings s;
  s.mappings = {row("com.example.shop", "", bad.c_str())};
  window.applySettings(s);
  ASSERT_TRUE(waitLoaded(window, [&] { window.openDump(shop("1.2", ".hprof")); }));
  const HeapDocument& doc = window.heapBrowser()->document();
  EXPECT_EQ(doc.mapping, nullptr);
  EXPECT_EQ(doc.mappingError.toStdString(), bad + ": line 2: expected `type name -> minified`");
  EXPECT_TRUE(histogramClasses(window).contains(QStringLiteral("com.example.shop.b")));
  EXPECT_EQ(heapPage(window)->mappingText(),
            QStringLiteral("Minified names: the mapping could not be used: ") + doc.mappingError);
  QString status;
  for (QLabel* label : window.statusBar()->findChildren<QLabel*>()) status += label->text();
  EXPECT_TRUE(status.contains(doc.mappingError)) << status.toStdString();
}

// A session of the shop's build 1.2 (header: app, versionCode) with one IO issue whose stack is
// the one the minified program printed.
std::string writeShopSession(const std::string& name) {
  const std::string path = (test::scratchDir("gui-release-" + name) / (name + ".mxs")).string();
  std::ifstream in(test::minifiedFile("1.2", ".stacktrace.txt"));
  std::string line, stack;
  std::getline(in, line);  // the exception; frames follow
  while (std::getline(in, line)) stack += line.substr(line.find("at ")) + "\\n";
  core::session::SessionHeader header;
  header.app = "com.example.shop";
  header.extras = {{"versionCode", "12"}};
  auto writer = core::session::SessionWriter::create(path, header);
  EXPECT_TRUE(writer.ok()) << writer.status().toString();
  const std::string issue = R"({"tag":"io","type":1,"process":"com.example.shop","path":"/data/cart.db",)"
                            R"("thread":"main","cost":120,"stack":")" +
                            stack + R"("})";
  EXPECT_TRUE((*writer)->appendIssue(1'000'000'000, issue).ok());
  EXPECT_TRUE((*writer)->close().ok());
  return path;
}

QString shownIssueText(MainWindow& window) {
  LiveDashboard* dashboard = window.dashboard();
  dashboard->refresh();
  dashboard->selectEvent(0);
  return dashboard->detailView()->detailText();
}

bool waitSession(MainWindow& window, const std::function<void()>& open) {
  QSignalSpy opened(&window, &MainWindow::sessionOpened);
  QSignalSpy failed(&window, &MainWindow::openFailed);
  open();
  for (int i = 0; i < 200 && opened.isEmpty() && failed.isEmpty(); ++i) opened.wait(100);
  EXPECT_TRUE(failed.isEmpty()) << (failed.isEmpty() ? "" : failed.first().first().toString().toStdString());
  return !opened.isEmpty();
}

TEST(ReleaseMappingSessionTest, StacksOfTheAppVersionAreRetraced) {
  if (!haveShop()) GTEST_SKIP() << "the minified fixture dumps are made by the jvm_dumps fixture";
  const QString session = QString::fromStdString(writeShopSession("stacks"));
  MainWindow window;
  window.applySettings(Settings{});
  ASSERT_TRUE(waitSession(window, [&] { window.openSession(session); }));
  EXPECT_TRUE(shownIssueText(window).contains(QStringLiteral("at com.example.shop.c.a(SourceFile:14)")))
      << shownIssueText(window).toStdString();

  Settings s;
  s.mappings = {row("com.example.shop", "12", shop("1.2", ".mapping.txt").toLatin1().constData())};
  window.applySettings(s);
  ASSERT_TRUE(waitSession(window, [&] { window.openSession(session); }));
  const QString retraced = shownIssueText(window);
  EXPECT_TRUE(
      retraced.contains(QStringLiteral("Stack\n"
                                       "at com.example.shop.CartItem.validatedPrice(CartItem.java:14)\n"
                                       "at com.example.shop.Cart.checkout(Cart.java:23)\n")))
      << retraced.toStdString();
  EXPECT_TRUE(
      window.sessionView()->headerText().contains(QStringLiteral("Stacks retraced through shop-1.2.mapping.txt")))
      << window.sessionView()->headerText().toStdString();

  // Apply mapping… with another build's file: its names, whatever Settings say.
  window.applySettings(Settings{});
  auto* page = window.findChild<SessionPage*>();
  ASSERT_TRUE(page->applyMappingAction()->isEnabled());
  ASSERT_TRUE(waitSession(window, [&] { page->applyMapping(shop("1.2", ".mapping.txt")); }));
  EXPECT_TRUE(window.sessionView()->stackMapping() != nullptr);
  EXPECT_FALSE(shownIssueText(window).contains(QStringLiteral("com.example.shop.c.a(")));
}

}  // namespace
}  // namespace mxi::gui
