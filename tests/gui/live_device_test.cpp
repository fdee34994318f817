// The live device view end to end: "Try the demo" starts the device simulator, the view lists
// its apps, Start deploys the real mxi-agent (host build) and frames, Matrix issues and the ANR
// stream into the dashboard; Mark and Dump heap reach the recording; Stop leaves a complete
// .mxs with everything shown; an agent killed mid-stream raises the banner and the view resumes.
// Also the same path through the real adb server (a device picked on the start page), and on a
// simulated arm64 phone the live view deploys the installed arm64 agent to.
#include <gtest/gtest.h>
#include <signal.h>

#include <QComboBox>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QPushButton>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTest>
#include <filesystem>
#include <fstream>
#include <functional>

#include "app/gui/jobs/live/demo_device.h"
#include "app/gui/main_window.h"
#include "app/gui/views/heap/heap_browser.h"
#include "app/gui/views/live/live_device_view.h"
#include "app/gui/views/session/live_dashboard.h"
#include "core/live/live_record_feed.h"
#include "core/session/session_reader.h"
#include "tests/support/adb_test_env.h"
#include "tests/support/programs.h"
#include "tests/support/test_paths.h"

namespace mxi::gui {
namespace {

namespace fs = std::filesystem;

bool waitFor(const std::function<bool()>& condition, int ms) {
  for (int waited = 0; waited < ms; waited += 50) {
    if (condition()) return true;
    QTest::qWait(50);
  }
  return condition();
}

uint64_t events(LiveDeviceView* view, core::live::LiveEvent::Kind kind) {
  return view->dashboard() ? view->dashboard()->session().eventCount(kind) : 0;
}

// The demo's replay has arrived: frames of two scenes or more, its Matrix issues and its ANR.
bool showsTheWholeReplay(LiveDeviceView* view) {
  return events(view, core::live::LiveEvent::Kind::kAnr) == 1 &&
         events(view, core::live::LiveEvent::Kind::kEvilMethod) >= 10 &&
         view->dashboard()->session().countedFrames() >= 40 && view->dashboard()->session().scenes().size() >= 2;
}

// Kills the agents the demo's simulator started (their path is inside its sandbox).
int killAgents(const QString& demoRoot) {
  const std::string agent = (fs::path(demoRoot.toStdString()) / "data/local/tmp/mxi-agent").string();
  int killed = 0;
  for (const auto& e : fs::directory_iterator("/proc")) {
    const std::string cmdline = test::readFile(e.path() / "cmdline");
    if (cmdline.starts_with(agent + '\0')) killed += kill(std::atoi(e.path().filename().c_str()), SIGKILL) == 0;
  }
  return killed;
}

class LiveDeviceTest : public ::testing::Test {
 protected:
  void SetUp() override {
    QStandardPaths::setTestModeEnabled(true);  // recordings go to a test data folder
    if (test::referenceDir().empty()) GTEST_SKIP() << "../shared/reference is absent: no captures to replay";
    // The demo phone plays its synthetic app; these tests point its tools at the real captures
    // (the simulator and the tools inherit this environment).
    ::setenv("MXI_SIM_REFERENCE", (fs::path(test::referenceDir()) / "fixtures").c_str(), 1);
    const QString missing = DemoDevice::locateParts().missing();
    ASSERT_TRUE(missing.isEmpty()) << missing.toStdString();
  }
  // "Try the demo": the simulated phone's app in front starts streaming; null when it did not.
  static LiveDeviceView* startDemo(MainWindow& window) {
    window.show();
    if (!window.startDemo() || !window.liveView()) return nullptr;
    LiveDeviceView* view = window.liveView();
    QSignalSpy started(view, &LiveDeviceView::started);
    // The demo lists the simulated phone's apps, the one in front first, and starts it itself.
    if (!waitFor([&] { return started.count() == 1; }, 30000)) {
      ADD_FAILURE() << view->agentText().toStdString();
      return nullptr;
    }
    return view;
  }
};

TEST_F(LiveDeviceTest, DemoStreamsFramesIssuesAndTheAnrAndRecordsEverything) {
  MainWindow window;
  LiveDeviceView* view = startDemo(window);
  ASSERT_NE(view, nullptr);
  ASSERT_GE(view->appPicker()->count(), 5);
  EXPECT_EQ(view->appPicker()->itemData(0).toString(), QStringLiteral("com.android.settings"));
  EXPECT_TRUE(view->appPicker()->itemText(0).contains(QStringLiteral("in front")));
  EXPECT_TRUE(view->agentText().startsWith(QStringLiteral("mxi-agent 0.1.0 ("))) << view->agentText().toStdString();

  // Frames per scene, Matrix issues (every replayed line comes from the app in front) and the ANR.
  ASSERT_TRUE(waitFor([&] { return showsTheWholeReplay(view); }, 30000))
      << view->dashboard()->summaryText().toStdString();
  std::vector<std::string> scenes;
  for (const auto& s : view->dashboard()->session().scenes()) scenes.push_back(s.name);
  EXPECT_NE(std::find(scenes.begin(), scenes.end(), "com.android.settings.homepage.SettingsHomepageActivity"),
            scenes.end());
  EXPECT_EQ(view->bannerText(), QString());
  view->dashboard()->selectEvent(0);
  const fs::path shot = test::artifactDir("screenshots") / "live-demo.png";
  EXPECT_TRUE(window.grab().save(QString::fromStdString(shot.string())));

  view->mark(QStringLiteral("checkout tapped"));
  ASSERT_TRUE(waitFor([&] { return events(view, core::live::LiveEvent::Kind::kMark) == 1; }, 5000));

  // Dump heap: streamed, byte-identical to what the phone wrote, opened in the heap browser.
  QSignalSpy dumped(view, &LiveDeviceView::heapDumpArrived);
  QSignalSpy loaded(&window, &MainWindow::dumpLoaded);
  view->dumpHeap();
  ASSERT_TRUE(waitFor([&] { return loaded.count() == 1; }, 60000));
  const QString dumpPath = dumped.at(0).at(0).toString();
  QFile written(dumpPath), source(view->demo()->root() + QStringLiteral("/var/sample-heap.hprof"));
  ASSERT_TRUE(written.open(QIODevice::ReadOnly) && source.open(QIODevice::ReadOnly));
  EXPECT_GT(written.size(), 1000);
  EXPECT_TRUE(written.readAll() == source.readAll());
  EXPECT_NE(window.heapBrowser(), nullptr);
  EXPECT_TRUE(waitFor([&] { return events(view, core::live::LiveEvent::Kind::kMark) == 2; },
                      5000));  // the dump, on the timeline

  // Stop: the .mxs holds what the dashboard showed.
  const uint64_t shownFrames =
      view->dashboard()->session().countedFrames() + view->dashboard()->session().flaggedFrames();
  QSignalSpy finished(view, &LiveDeviceView::sessionFinished);
  view->stop();
  ASSERT_TRUE(waitFor([&] { return finished.count() == 1; }, 15000));
  EXPECT_EQ(finished.at(0).at(0).toString(), view->sessionPath());
  auto reader = core::session::SessionReader::open(view->sessionPath().toStdString());
  ASSERT_TRUE(reader.ok()) << reader.status().toString();
  EXPECT_TRUE((*reader)->recovery().cleanClose);
  uint64_t frames = 0, anrs = 0, issues = 0;
  std::vector<std::string> marks, heapDumps;
  ASSERT_TRUE((*reader)
                  ->forEachRecord([&](const core::session::SessionRecord& r) {
                    using core::session::RecordType;
                    frames += r.type == RecordType::kFrame;
                    anrs += r.type == RecordType::kAnr;
                    issues += r.type == RecordType::kIssue;
                    if (r.type == RecordType::kMark) marks.push_back(r.text);
                    if (r.type == RecordType::kHeapDump) heapDumps.push_back(r.text);
                    return true;
                  })
                  .ok());
  EXPECT_GE(frames, shownFrames);  // the view drained every record it was sent before Stop
  EXPECT_EQ(anrs, 1u);
  EXPECT_GE(issues, events(view, core::live::LiveEvent::Kind::kEvilMethod));
  EXPECT_EQ(marks, std::vector<std::string>{"checkout tapped"});
  EXPECT_EQ(heapDumps, std::vector<std::string>{dumpPath.toStdString()});
}

// One pipeline: the dashboard's figures are those `mxi record` prints for the same stream (the
// file's records through the CLI's sink), and the job's model received each record exactly once.
TEST_F(LiveDeviceTest, TheDashboardShowsWhatMxiRecordWouldPrintForTheSameStream) {
  MainWindow window;
  LiveDeviceView* view = startDemo(window);
  ASSERT_NE(view, nullptr);
  ASSERT_TRUE(waitFor([&] { return showsTheWholeReplay(view); }, 30000))
      << view->dashboard()->summaryText().toStdString();
  EXPECT_EQ(&view->dashboard()->session(), view->job().session().get());  // the job's one model
  QSignalSpy finished(view, &LiveDeviceView::sessionFinished);
  view->stop();
  ASSERT_TRUE(waitFor([&] { return finished.count() == 1; }, 15000));

  auto reader = core::session::SessionReader::open(view->sessionPath().toStdString());
  ASSERT_TRUE(reader.ok()) << reader.status().toString();
  core::live::LiveSession cli(view->job().target().thresholds);
  core::live::LiveRecordFeed feed(cli);
  ASSERT_TRUE(feed.open((*reader)->header()).ok());
  uint64_t records = 0;
  ASSERT_TRUE((*reader)
                  ->forEachRecord([&](const core::session::SessionRecord& r) {
                    ++records;
                    return feed.push(std::span(&r, 1)).ok();
                  })
                  .ok());
  const core::live::LiveSession& shown = view->dashboard()->session();
  EXPECT_EQ(view->job().appliedRecords(), records);
  EXPECT_EQ(core::live::formatLiveStatus(shown.status()), core::live::formatLiveStatus(cli.status()));
  EXPECT_EQ(shown.frameTimeHistogram(), cli.frameTimeHistogram());
  ASSERT_EQ(shown.events().size(), cli.events().size());
  for (size_t i = 0; i < cli.events().size(); ++i) EXPECT_EQ(shown.events()[i].summary, cli.events()[i].summary);
}

// "Trace methods…" on the demo phone: ART's tracer (the simulated app replays a real device trace)
// and the evil methods and main-thread IO it shows join the issue feed, with their call trees.
TEST_F(LiveDeviceTest, TraceMethodsAddsTheTracesIssuesToTheFeed) {
  MainWindow window;
  LiveDeviceView* view = startDemo(window);
  ASSERT_NE(view, nullptr);
  QSignalSpy traced(view, &LiveDeviceView::methodTraceArrived);
  view->traceMethods(1.0, 1000, false);
  ASSERT_TRUE(waitFor([&] { return traced.count() == 1; }, 30000));
  EXPECT_EQ(traced.at(0).at(1).toInt(), 3);
  EXPECT_TRUE(QFileInfo::exists(traced.at(0).at(0).toString()));
  std::vector<std::string> fromTrace;
  ASSERT_TRUE(waitFor(
      [&] {
        fromTrace.clear();
        for (const auto& e : view->dashboard()->session().events()) {
          if (e.issue && e.issue->source == "methodTrace") {
            fromTrace.push_back(std::string(core::live::liveEventKindName(e.kind)) + " " + std::to_string(e.costMs));
          }
        }
        return fromTrace.size() == 3;
      },
      5000));
  std::sort(fromTrace.begin(), fromTrace.end());
  EXPECT_EQ(fromTrace, (std::vector<std::string>{"Evil method 727", "Evil method 848", "IO 46"}));
  for (const auto& e : view->dashboard()->session().events()) {
    if (e.issue && e.issue->source == "methodTrace" && e.costMs == 848) {
      ASSERT_TRUE(e.issue->callTree);
      EXPECT_EQ(e.issue->callTree->name, "android.os.Handler.dispatchMessage(Landroid/os/Message;)V");
    }
  }
  view->stop();
}

TEST_F(LiveDeviceTest, AgentKilledMidStreamShowsTheBannerAndResumes) {
  MainWindow window;
  window.show();
  ASSERT_TRUE(window.startDemo());
  LiveDeviceView* view = window.liveView();
  ASSERT_TRUE(waitFor([&] { return view->dashboard() && view->dashboard()->session().countedFrames() >= 20; }, 30000));
  ASSERT_GE(killAgents(view->demo()->root()), 1);
  ASSERT_TRUE(waitFor([&] { return view->connectionLosses() == 1; }, 15000));
  const uint64_t before = view->dashboard()->session().countedFrames();
  // The recorder restarts the agent: the banner says there was a gap, and frames flow on into
  // the same dashboard (the demo replays its capture in a loop).
  ASSERT_TRUE(waitFor([&] { return view->bannerText().contains(QStringLiteral("resumed after")); }, 20000))
      << view->bannerText().toStdString();
  EXPECT_TRUE(view->bannerText().contains(view->sessionPath()));
  EXPECT_TRUE(waitFor([&] { return view->dashboard()->session().countedFrames() > before + 20; }, 20000));
  EXPECT_TRUE(waitFor([&] { return events(view, core::live::LiveEvent::Kind::kAnr) == 1; }, 20000))
      << events(view, core::live::LiveEvent::Kind::kAnr) << " ANRs; once, across the restart";
  view->stop();
  EXPECT_TRUE(waitFor([&] { return !view->job().running(); }, 15000));
}

// The demo phone as a device picked on the start page: reached through a private real adb server.
class DemoPhoneOverAdb {
 public:
  ~DemoPhoneOverAdb() { ::unsetenv("ADB_SERVER_SOCKET"); }
  // Starts both and connects them; false (with the failure added) when that did not work.
  bool start() {
    if (!m_server.started()) return false;
    ::setenv("ADB_SERVER_SOCKET", m_server.socketSpec().c_str(), 1);
    QString error;
    if (!m_phone.start(&error)) {
      ADD_FAILURE() << error.toStdString();
      return false;
    }
    m_hostPort = m_phone.transport().mid(4).toStdString();  // tcp:HOST:PORT
    return m_server.adb({"connect", m_hostPort}).exitCode == 0 &&
           waitFor(
               [&] {
                 return m_server.adb({"-s", m_hostPort, "get-state"}).out.find("device") != std::string::npos;
               },
               10000);
  }
  // The live view of the phone, once it listed its apps (null when it did not within 20 s).
  LiveDeviceView* openIn(MainWindow& window) {
    LiveTarget target;
    target.selection.serial = m_hostPort;  // transport: the adb server
    target.label = QString::fromStdString(m_hostPort);
    target.agentSearch = MainWindow::agentSearch();
    LiveDeviceView* view = window.openLiveDevice(std::move(target));
    return waitFor([&] { return view->appPicker()->count() > 0; }, 20000) ? view : nullptr;
  }
  // A shell command on the phone through the adb client; its exit code.
  int shell(const std::string& command) { return m_server.adb({"-s", m_hostPort, "shell", command}).exitCode; }

 private:
  test::PrivateAdbServer m_server;
  DemoDevice m_phone{DemoDevice::locateParts()};
  std::string m_hostPort;
};

TEST_F(LiveDeviceTest, LiveViewThroughTheRealAdbServer) {
  if (!test::adbAvailable()) GTEST_SKIP() << "Debian's adb is not installed";
  DemoPhoneOverAdb phone;
  ASSERT_TRUE(phone.start());
  MainWindow window;
  LiveDeviceView* view = phone.openIn(window);
  ASSERT_NE(view, nullptr);
  view->start();
  EXPECT_TRUE(waitFor([&] { return view->dashboard()->session().countedFrames() >= 50; }, 30000))
      << view->agentText().toStdString();
  view->stop();
  EXPECT_TRUE(waitFor([&] { return !view->job().running(); }, 15000));
}

// The live view follows `mxi record`'s rules for the app: not installed is named with the closest
// installed package; not running gets a banner with Wait for it / Launch it and records nothing;
// Wait for it records from when the app starts; its process dying and coming back (a new pid) is
// shown and marked in the session; Launch it starts the app and records it; a wait that ends
// before the app starts keeps no session and says why.
TEST_F(LiveDeviceTest, AppThatIsMissingOrNotRunningIsShownAndItsRestartFollowed) {
  if (!test::adbAvailable()) GTEST_SKIP() << "Debian's adb is not installed";
  DemoPhoneOverAdb phone;
  ASSERT_TRUE(phone.start());
  const std::string launch =
      "am start -a android.intent.action.MAIN -c android.intent.category.LAUNCHER com.android.settings";
  ASSERT_EQ(phone.shell("am force-stop com.android.settings"), 0);
  MainWindow window;
  window.show();
  LiveDeviceView* view = phone.openIn(window);
  ASSERT_NE(view, nullptr);
  QSignalSpy unavailable(view, &LiveDeviceView::appUnavailable);

  view->appPicker()->setEditText(QStringLiteral("com.android.setings"));
  view->start();
  ASSERT_TRUE(waitFor([&] { return unavailable.count() == 1; }, 20000));
  EXPECT_TRUE(view->appBannerText().startsWith(
      QStringLiteral("Cannot record: com.android.setings is not installed on the device (installed packages with "
                     "similar names: com.android.settings")))
      << view->appBannerText().toStdString();
  EXPECT_TRUE(view->findChild<QPushButton*>(QStringLiteral("launchApp"))->isHidden());
  EXPECT_FALSE(view->job().running());
  EXPECT_FALSE(QFileInfo::exists(view->sessionPath()));

  view->appPicker()->setCurrentIndex(view->appPicker()->findData(QStringLiteral("com.android.settings")));
  view->start();
  ASSERT_TRUE(waitFor([&] { return unavailable.count() == 2; }, 20000));
  EXPECT_EQ(view->appBannerText(),
            QStringLiteral("com.android.settings is installed but not running. Wait for it to start, or launch it?"));
  EXPECT_FALSE(view->job().running());
  EXPECT_FALSE(QFileInfo::exists(view->sessionPath()));
  EXPECT_TRUE(window.grab().save(
      QString::fromStdString((test::artifactDir("screenshots") / "live-app-not-running.png").string())));

  auto* waitButton = view->findChild<QPushButton*>(QStringLiteral("waitForApp"));
  auto* launchButton = view->findChild<QPushButton*>(QStringLiteral("launchApp"));
  ASSERT_FALSE(waitButton->isHidden());
  ASSERT_FALSE(launchButton->isHidden());

  // Wait for it: the agent streams, the view says it waits, and records the app once it starts.
  waitButton->click();
  ASSERT_TRUE(waitFor(
      [&] {
        return view->bannerText() ==
               QStringLiteral(
                   "com.android.settings is not running; waiting for it to start; recording begins when it "
                   "does.");
      },
      30000))
      << view->bannerText().toStdString();
  EXPECT_EQ(view->appBannerText(), QString());
  ASSERT_EQ(phone.shell(launch), 0);
  ASSERT_TRUE(waitFor(
      [&] { return view->bannerText().startsWith(QStringLiteral("app process started (pid 30001) after waiting ")); },
      15000))
      << view->bannerText().toStdString();
  ASSERT_TRUE(waitFor([&] { return view->dashboard()->session().countedFrames() >= 20; }, 30000));

  // The app dies: said at once, and what was recorded stays; it comes back as another process.
  ASSERT_EQ(phone.shell("am force-stop com.android.settings"), 0);
  ASSERT_TRUE(
      waitFor([&] { return view->bannerText().contains(QStringLiteral("app process died (pid 30001)")); }, 15000))
      << view->bannerText().toStdString();
  const uint64_t before = view->dashboard()->session().countedFrames();
  ASSERT_EQ(phone.shell(launch), 0);
  ASSERT_TRUE(waitFor(
      [&] { return view->bannerText().startsWith(QStringLiteral("app process restarted as pid 30002, ")); }, 15000))
      << view->bannerText().toStdString();
  EXPECT_TRUE(waitFor([&] { return view->dashboard()->session().countedFrames() > before; }, 20000));
  EXPECT_EQ(events(view, core::live::LiveEvent::Kind::kMark), 3u);

  QSignalSpy finished(view, &LiveDeviceView::sessionFinished);
  view->stop();
  ASSERT_TRUE(waitFor([&] { return finished.count() == 1; }, 15000));
  auto reader = core::session::SessionReader::open(view->sessionPath().toStdString());
  ASSERT_TRUE(reader.ok()) << reader.status().toString();
  EXPECT_TRUE((*reader)->recovery().cleanClose);
  auto marks = (*reader)->recordsOfType(core::session::RecordType::kMark);
  ASSERT_TRUE(marks.ok());
  ASSERT_EQ(marks->size(), 3u);
  EXPECT_TRUE((*marks)[0].text.starts_with("app process started (pid 30001) after waiting ")) << (*marks)[0].text;
  EXPECT_EQ((*marks)[1].text, "app process died (pid 30001)");
  EXPECT_TRUE((*marks)[2].text.starts_with("app process restarted as pid 30002, ")) << (*marks)[2].text;

  // Launch it: the view starts the app (its launcher activity) and records it.
  ASSERT_EQ(phone.shell("am force-stop com.android.settings"), 0);
  view->start();
  ASSERT_TRUE(waitFor([&] { return unavailable.count() == 3; }, 20000));
  QSignalSpy started(view, &LiveDeviceView::started);
  launchButton->click();
  ASSERT_TRUE(waitFor([&] { return started.count() == 1; }, 30000)) << view->agentText().toStdString();
  EXPECT_EQ(view->appBannerText(), QString());
  EXPECT_TRUE(waitFor([&] { return view->dashboard()->session().countedFrames() >= 20; }, 30000));
  EXPECT_EQ(events(view, core::live::LiveEvent::Kind::kMark), 0u);  // it ran from the start
  view->stop();
  EXPECT_TRUE(waitFor([&] { return finished.count() == 2; }, 15000));

  // Waited for, never started, stopped: nothing recorded, so no session is offered and none kept.
  ASSERT_EQ(phone.shell("am force-stop com.android.settings"), 0);
  view->start();
  ASSERT_TRUE(waitFor([&] { return unavailable.count() == 4; }, 20000));
  QSignalSpy failed(view, &LiveDeviceView::failed);
  waitButton->click();
  ASSERT_TRUE(waitFor([&] { return view->bannerText().contains(QStringLiteral("waiting for it to start")); }, 30000));
  view->stop();
  ASSERT_TRUE(waitFor([&] { return failed.count() == 1; }, 15000));
  const QString why = failed.at(0).at(0).toString();
  EXPECT_TRUE(why.startsWith(QStringLiteral("nothing recorded: com.android.settings never ran during the ")))
      << why.toStdString();
  EXPECT_TRUE(why.endsWith(view->sessionPath() + QStringLiteral(" was not kept"))) << why.toStdString();
  EXPECT_EQ(view->bannerText(), QStringLiteral("Recording stopped: ") + why);
  EXPECT_EQ(finished.count(), 2);
  EXPECT_FALSE(QFileInfo::exists(view->sessionPath()));
}

// The live view's own job on an arm phone: the installed project's simulator with --abi ABI (its
// shell runs arm ELFs through qemu-user-static), reached through the real adb server, gets the
// agent for that ABI from the install; frames, issues, the ANR and a heap dump arrive and the
// recording names the phone's ABI and the agent's machine.
void liveViewOnAnArmPhone(const std::string& abi, const std::string& agentMachine) {
  if ((std::string(",") + test::build::agentAbis() + ",").find("," + abi + ",") == std::string::npos) {
    GTEST_SKIP() << "this build makes no " << abi << " agent (MXI_AGENT_ABIS)";
  }
  ASSERT_TRUE(test::adbAvailable()) << "Debian's adb is needed";
  const QString prefix = QString::fromUtf8(test::build::installPrefix());
  DemoParts parts;
  parts.deviceSim = prefix + QStringLiteral("/bin/mxi-device-sim");
  parts.androidTool = prefix + QStringLiteral("/bin/mxi-android-tool");
  parts.heapSample = prefix + QStringLiteral("/share/matrix-inspector/samples/sample-android-shaped.hprof.gz");
  parts.abi = QString::fromStdString(abi);
  ASSERT_TRUE(parts.missing().isEmpty()) << parts.missing().toStdString();
  test::PrivateAdbServer server;
  ASSERT_TRUE(server.started());
  ::setenv("ADB_SERVER_SOCKET", server.socketSpec().c_str(), 1);
  ::unsetenv("MXI_AGENT_PATH");
  ::unsetenv("MXI_AGENT_DIR");
  DemoDevice phone(parts);
  QString error;
  ASSERT_TRUE(phone.start(&error)) << error.toStdString();
  const std::string hostPort = phone.transport().mid(4).toStdString();
  ASSERT_EQ(server.adb({"connect", hostPort}).exitCode, 0);
  ASSERT_TRUE(waitFor(
      [&] {
        return server.adb({"-s", hostPort, "get-state"}).out.find("device") != std::string::npos;
      },
      10000));

  MainWindow window;
  LiveTarget target;
  target.selection.serial = hostPort;
  target.label = QString::fromStdString(hostPort);
  target.agentSearch = {"", (prefix + QStringLiteral("/bin")).toStdString(), ""};  // the install only
  LiveDeviceView* view = window.openLiveDevice(std::move(target));
  ASSERT_TRUE(waitFor([&] { return view->appPicker()->count() > 0; }, 20000));
  QSignalSpy started(view, &LiveDeviceView::started);
  view->start();
  ASSERT_TRUE(waitFor([&] { return started.count() == 1; }, 30000)) << view->agentText().toStdString();
  ASSERT_TRUE(waitFor([&] { return showsTheWholeReplay(view); }, 40000))
      << view->dashboard()->summaryText().toStdString();
  QSignalSpy dumped(view, &LiveDeviceView::heapDumpArrived);
  view->dumpHeap();
  ASSERT_TRUE(waitFor([&] { return dumped.count() == 1; }, 60000));
  QFile written(dumped.at(0).at(0).toString()), source(phone.root() + QStringLiteral("/var/sample-heap.hprof"));
  ASSERT_TRUE(written.open(QIODevice::ReadOnly) && source.open(QIODevice::ReadOnly));
  EXPECT_TRUE(written.readAll() == source.readAll());
  QSignalSpy finished(view, &LiveDeviceView::sessionFinished);
  view->stop();
  ASSERT_TRUE(waitFor([&] { return finished.count() == 1; }, 15000));
  ::unsetenv("ADB_SERVER_SOCKET");

  // The pushed agent is the installed arm64 one, and the recording says so.
  QFile pushed(phone.root() + QStringLiteral("/data/local/tmp/mxi-agent"));
  QFile installed(prefix + QStringLiteral("/share/matrix-inspector/agent/") + parts.abi + QStringLiteral("/mxi-agent"));
  ASSERT_TRUE(pushed.open(QIODevice::ReadOnly) && installed.open(QIODevice::ReadOnly));
  EXPECT_TRUE(pushed.readAll() == installed.readAll());
  auto reader = core::session::SessionReader::open(view->sessionPath().toStdString());
  ASSERT_TRUE(reader.ok()) << reader.status().toString();
  const auto& extras = (*reader)->header().extras;
  using Extra = std::pair<std::string, std::string>;
  EXPECT_NE(std::find(extras.begin(), extras.end(), Extra{"abi", abi}), extras.end());
  EXPECT_NE(std::find(extras.begin(), extras.end(), Extra{"agentMachine", agentMachine}), extras.end());
  uint64_t heapDumps = 0, anrs = 0;
  ASSERT_TRUE((*reader)
                  ->forEachRecord([&](const core::session::SessionRecord& r) {
                    heapDumps += r.type == core::session::RecordType::kHeapDump;
                    anrs += r.type == core::session::RecordType::kAnr;
                    return true;
                  })
                  .ok());
  EXPECT_EQ(heapDumps, 1u);
  EXPECT_EQ(anrs, 1u);
}

TEST_F(LiveDeviceTest, LiveViewDeploysTheInstalledArm64AgentToAnArm64Phone) {
  liveViewOnAnArmPhone("arm64-v8a", "aarch64");
}
TEST_F(LiveDeviceTest, LiveViewDeploysTheInstalledArmv7AgentToAnArmv7Phone) {
  liveViewOnAnArmPhone("armeabi-v7a", "arm");
}

}  // namespace
}  // namespace mxi::gui
