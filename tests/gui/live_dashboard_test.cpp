// The live/session dashboard on real captured device outputs (../shared/reference): the drop
// histogram per scene equals core's frame statistics of the same framestats, a clicked bar lists
// exactly that scene's frames of that level, the issue feed holds every Matrix issue of a real
// logcat capture, the detail view shows a decoded call tree, and a synthetic feed of 10,000
// frames/s repaints at most ~30 times a second with bounded memory. The slow frames panel lists the
// slowest frames before any click; the FPS axis is labelled in round steps.
#include <gtest/gtest.h>

#include <QAbstractItemModelTester>
#include <QAreaSeries>
#include <QBarSet>
#include <QChart>
#include <QDockWidget>
#include <QElapsedTimer>
#include <QFile>
#include <QGraphicsScene>
#include <QGraphicsTextItem>
#include <QHorizontalStackedBarSeries>
#include <QLabel>
#include <QLineSeries>
#include <QMainWindow>
#include <QSignalSpy>
#include <QSortFilterProxyModel>
#include <QTest>
#include <QTreeView>
#include <QValueAxis>
#include <map>
#include <tuple>

#include "app/gui/charts/session/drop_level_chart.h"
#include "app/gui/charts/session/fps_chart.h"
#include "app/gui/charts/session/frame_time_chart.h"
#include "app/gui/charts/session/memory_chart.h"
#include "app/gui/jobs/session/capture_import.h"
#include "app/gui/models/call_tree_model.h"
#include "app/gui/models/format.h"
#include "app/gui/models/roles.h"
#include "app/gui/models/session/issue_feed_model.h"
#include "app/gui/models/session/session_replay.h"
#include "app/gui/models/session/slow_frames_model.h"
#include "app/gui/views/session/issue_detail_view.h"
#include "app/gui/views/session/live_dashboard.h"
#include "core/framestats/frame_stats.h"
#include "core/framestats/framestats_parser.h"
#include "core/live/live_record_feed.h"
#include "core/matrix/matrix_issue.h"
#include "core/session/session_data.h"
#include "core/session/session_reader.h"
#include "core/session/session_writer.h"
#include "tests/support/test_paths.h"

namespace mxi::gui {
namespace {

using core::framestats::DropLevel;

QString reference(const char* relative) {
  return QString::fromStdString(test::referenceDir()) + QStringLiteral("/fixtures/") + QLatin1String(relative);
}

#define REQUIRE_REFERENCE() \
  if (test::referenceDir().empty()) GTEST_SKIP() << "../shared/reference is absent: real device captures needed"

// Captures through the app's import (core's session import into a session file), replayed into
// a LiveSession as the session view does.
std::shared_ptr<core::live::LiveSession> imported(const CaptureFiles& files, const std::string& name,
                                                  std::string* sessionPath = nullptr) {
  const QString out = QString::fromStdString((test::scratchDir("live-" + name) / (name + ".mxs")).string());
  if (sessionPath != nullptr) *sessionPath = out.toStdString();
  auto loaded = importCaptureSession(files, out);
  EXPECT_TRUE(loaded.ok()) << loaded.status().toString();
  auto session = std::make_shared<core::live::LiveSession>();
  if (loaded.ok()) replaySession(**loaded, INT64_MAX, *session);
  return session;
}

std::shared_ptr<const core::framestats::FramestatsCapture> parseFile(const QString& path) {
  QFile f(path);
  EXPECT_TRUE(f.open(QIODevice::ReadOnly)) << path.toStdString();
  const QByteArray bytes = f.readAll();
  auto capture =
      core::framestats::parseFramestats(std::string_view(bytes.constData(), static_cast<size_t>(bytes.size())));
  EXPECT_TRUE(capture.ok());
  return capture.ok() ? *capture : nullptr;
}

TEST(LiveDashboardTest, DropHistogramPerSceneMatchesTheFrameStatisticsOfARealCapture) {
  REQUIRE_REFERENCE();
  const QString framestats = reference("gfxinfo/choi890_soundvis_120hz_framestats.txt");
  auto session = imported({framestats, {}, {}, {}}, "drops");
  LiveDashboard dashboard(session);
  dashboard.refresh();

  const auto capture = parseFile(framestats);
  ASSERT_TRUE(capture);
  // Windows with frames, in order, merged by name as the dashboard does.
  std::vector<std::string> names;
  std::vector<std::vector<core::framestats::Frame>> frames;
  for (const auto& w : capture->windows) {
    if (w.frames.empty()) continue;
    auto it = std::find(names.begin(), names.end(), w.name);
    if (it == names.end()) {
      names.push_back(w.name);
      frames.emplace_back();
      it = names.end() - 1;
    }
    auto& into = frames[static_cast<size_t>(it - names.begin())];
    into.insert(into.end(), w.frames.begin(), w.frames.end());
  }
  ASSERT_FALSE(names.empty());
  ASSERT_EQ(session->scenes().size(), names.size());

  const auto sets = dashboard.dropChart()->series()->barSets();
  ASSERT_EQ(sets.size(), 5);
  uint64_t slowExpected = 0;
  for (size_t s = 0; s < names.size(); ++s) {
    const auto stats = core::framestats::computeFrameStats(frames[s]);
    for (int l = 0; l < 5; ++l) {
      EXPECT_EQ(sets[l]->at(static_cast<int>(s)), static_cast<double>(stats.levels[static_cast<size_t>(l)]))
          << names[s] << " level " << l;
      if (l > 0) slowExpected += stats.levels[static_cast<size_t>(l)];
    }
    EXPECT_NEAR(session->scenes()[s].fps(), stats.fps, 1e-6) << names[s];
  }
  EXPECT_EQ(session->slowFrames().size(), slowExpected);

  // Clicking a bar: the frames of that scene and level, newest first, with a dominant stage.
  for (int l = 1; l < 5; ++l) {
    const auto level = static_cast<DropLevel>(l);
    dashboard.showSlowFrames(0, level);
    const auto expected = core::framestats::computeFrameStats(frames[0]).levels[static_cast<size_t>(l)];
    EXPECT_EQ(dashboard.slowFramesModel()->rowCount(), static_cast<int>(expected)) << "level " << l;
  }
  QAbstractItemModelTester slowTester(dashboard.slowFramesModel(),
                                      QAbstractItemModelTester::FailureReportingMode::Fatal);

  // FPS line per scene; the distribution's p50 marker sits at the histogram's p50.
  const auto series = dashboard.fpsChart()->chart()->series();
  ASSERT_EQ(series.size(), static_cast<int>(names.size()));
  EXPECT_EQ(static_cast<QLineSeries*>(series[0])->count(), static_cast<int>(session->fpsSeries(0).size()));
  EXPECT_TRUE(dashboard.summaryText().contains(QStringLiteral("%1 frames").arg(session->countedFrames())))
      << dashboard.summaryText().toStdString();
}

TEST(LiveDashboardTest, EveryFigureOnScreenIsTheModelsAndAgreesWithTheSessionSummary) {
  REQUIRE_REFERENCE();
  std::string path;
  auto session = imported({reference("gfxinfo/choi890_soundvis_120hz_framestats.txt"), {}, {}, {}}, "figures", &path);
  LiveDashboard dashboard(session);
  dashboard.refresh();
  const core::live::LiveStatus status = session->status();
  ASSERT_GT(status.frames, 100u);

  // The header: the model's snapshot, figure by figure.
  const QString text = dashboard.summaryText();
  for (const QString& figure :
       {QStringLiteral("%1 fps").arg(status.fps, 0, 'f', 1),
        QStringLiteral("%1 frames (+%2 flagged)").arg(status.frames).arg(status.flaggedFrames),
        QStringLiteral("Best %1 · Normal %2 · Middle %3 · High %4 · Frozen %5")
            .arg(status.levels[0])
            .arg(status.levels[1])
            .arg(status.levels[2])
            .arg(status.levels[3])
            .arg(status.levels[4]),
        QStringLiteral("p50 %1 ms · p90 %2 ms · p99 %3 ms").arg(status.p50Ms).arg(status.p90Ms).arg(status.p99Ms)}) {
    EXPECT_TRUE(text.contains(figure)) << figure.toStdString() << " not in " << text.toStdString();
  }
  // FPS is computed one way: `mxi session summary` of the same file says the same.
  auto reader = core::session::SessionReader::open(path);
  ASSERT_TRUE(reader.ok()) << reader.status().toString();
  const auto summary = (*reader)->summarize();
  EXPECT_EQ(summary.frames, status.frames);
  EXPECT_EQ(summary.flaggedFrames, status.flaggedFrames);
  EXPECT_NEAR(summary.overall.fps(), status.fps, 1e-9);
  for (size_t l = 0; l < status.levels.size(); ++l) EXPECT_EQ(summary.overall.levels[l], status.levels[l]);
  // And the percentiles: one histogram for the live header, `session summary` and the exports.
  EXPECT_EQ(summary.overall.percentileMs(50), status.p50Ms);
  EXPECT_EQ(summary.overall.percentileMs(90), status.p90Ms);
  EXPECT_EQ(summary.overall.percentileMs(99), status.p99Ms);

  // The distribution: every counted frame is in a bucket up to the clip or in the labelled bar.
  const core::live::FrameTimeView view = session->frameTimeView();
  double drawn = 0;
  const auto* line = static_cast<QLineSeries*>(dashboard.frameTimeChart()->chart()->series().at(0));
  for (const QPointF& p : line->points()) drawn += p.y();
  EXPECT_EQ(drawn + static_cast<double>(view.overflow), static_cast<double>(status.frames));
  EXPECT_EQ(line->count(), view.clipMs);
  EXPECT_GE(view.clipMs, 70);
  EXPECT_GE(view.clipMs, 2 * status.p90Ms);
  const QLineSeries* overflow = dashboard.frameTimeChart()->overflowBar();
  EXPECT_EQ(overflow->points().at(1).y(), static_cast<double>(view.overflow));
  if (view.overflow > 0) {
    EXPECT_EQ(overflow->name(), QStringLiteral("%1 ms or slower: %2 frames (slowest %3 ms)")
                                    .arg(view.clipMs)
                                    .arg(view.overflow)
                                    .arg(view.slowestMs, 0, 'f', 0));
  }
}

TEST(LiveDashboardTest, IssueFeedHoldsEveryIssueOfARealLogcatAndShowsTheCallTree) {
  REQUIRE_REFERENCE();
  const QString logcat = reference("matrix-issues/logcat-tostring/evilmethod_cn.wps.moffice_eng.txt");
  QFile f(logcat);
  ASSERT_TRUE(f.open(QIODevice::ReadOnly));
  const QByteArray bytes = f.readAll();
  auto parsed = core::matrix::parseIssueText(std::string_view(bytes.constData(), static_cast<size_t>(bytes.size())));
  core::matrix::decodeIssues(parsed, nullptr);
  ASSERT_FALSE(parsed.issues.empty());
  ASSERT_TRUE(parsed.issues[0].callTree.has_value());

  auto session = imported({{}, logcat, {}, {}}, "feed");
  LiveDashboard dashboard(session);
  dashboard.refresh();
  IssueFeedModel* feed = dashboard.feedModel();
  QAbstractItemModelTester tester(feed, QAbstractItemModelTester::FailureReportingMode::Fatal);
  ASSERT_EQ(feed->rowCount(), static_cast<int>(parsed.issues.size()));
  EXPECT_EQ(feed->index(0, IssueFeedModel::kKind).data().toString(), QStringLiteral("Evil method"));
  EXPECT_EQ(feed->index(0, IssueFeedModel::kCost).data().toLongLong(), *parsed.issues[0].costMs);
  EXPECT_EQ(feed->index(0, IssueFeedModel::kScene).data().toString(), QString::fromStdString(parsed.issues[0].scene));

  dashboard.selectEvent(0);
  CallTreeModel* tree = dashboard.detailView()->callTreeModel();
  ASSERT_TRUE(tree);
  QAbstractItemModelTester treeTester(tree, QAbstractItemModelTester::FailureReportingMode::Fatal);
  ASSERT_EQ(tree->rowCount(), 1);
  EXPECT_EQ(tree->index(0, CallTreeModel::kTotalMs).data(kExactRole).toLongLong(), parsed.issues[0].callTree->costMs);
  EXPECT_TRUE(dashboard.detailView()->callTree()->isExpanded(tree->index(0, 0)));

  // Filters: by kind and by text.
  dashboard.setKindFilter(static_cast<int>(core::live::LiveEvent::Kind::kIo));
  EXPECT_EQ(dashboard.feedProxy()->rowCount(), 0);
  dashboard.setKindFilter(-1);
  dashboard.feedProxy()->setFilterFixedString(QStringLiteral("no such method anywhere"));
  EXPECT_EQ(dashboard.feedProxy()->rowCount(), 0);
  dashboard.feedProxy()->setFilterFixedString(QString());
  EXPECT_EQ(dashboard.feedProxy()->rowCount(), feed->rowCount());
}

TEST(LiveDashboardTest, AnrReportShowsTheMainThreadFirst) {
  REQUIRE_REFERENCE();
  auto session = imported({{}, {}, reference("anr/wanandroid_arm64-device_traces.txt"), {}}, "anr");
  LiveDashboard dashboard(session);
  dashboard.refresh();
  ASSERT_EQ(dashboard.feedModel()->rowCount(), 1);
  EXPECT_EQ(dashboard.feedModel()->index(0, IssueFeedModel::kKind).data().toString(), QStringLiteral("ANR"));
  dashboard.selectEvent(0);
  const QString text = dashboard.detailView()->detailText();
  EXPECT_TRUE(text.contains(QStringLiteral("\"main\" tid=1"))) << text.left(400).toStdString();
}

TEST(LiveDashboardTest, BadCaptureNamesTheFile) {
  const auto dir = test::scratchDir("live-bad");
  const QString path = QString::fromStdString((dir / "empty.txt").string());
  QFile f(path);
  ASSERT_TRUE(f.open(QIODevice::WriteOnly));
  f.write("not framestats\n");
  f.close();
  const QString out = QString::fromStdString((dir / "out.mxs").string());
  auto bad = importCaptureSession({path, {}, {}, {}}, out);
  ASSERT_FALSE(bad.ok());
  EXPECT_EQ(bad.status().toString(), path.toStdString() +
                                         ": no framestats data (no ---PROFILEDATA--- section); capture it with "
                                         "`adb shell dumpsys gfxinfo <package> framestats` (at byte offset 0)");
  auto empty = importCaptureSession({{}, path, {}, {}}, out);  // as issues: a text without any
  ASSERT_FALSE(empty.ok());
  EXPECT_EQ(empty.status().toString(), "nothing to import: no frames, issues or ANRs in " + path.toStdString());
  auto missing = importCaptureSession({QStringLiteral("/nonexistent/x"), {}, {}, {}}, out);
  ASSERT_FALSE(missing.ok());
  EXPECT_EQ(missing.status().toString(), "/nonexistent/x: No such file or directory");
}

// The feed keeps the newest kMaxEvents events: older rows leave the top of the model, counts
// still cover everything.
TEST(LiveDashboardTest, IssueFeedKeepsTheNewestEvents) {
  auto session = std::make_shared<core::live::LiveSession>();
  LiveDashboard dashboard(session);
  IssueFeedModel* feed = dashboard.feedModel();
  QAbstractItemModelTester tester(feed, QAbstractItemModelTester::FailureReportingMode::Fatal);
  for (int i = 0; i < 10; ++i) session->addMark("mark " + std::to_string(i), i);
  dashboard.refresh();
  ASSERT_EQ(feed->rowCount(), 10);
  const size_t total = core::live::LiveSession::kMaxEvents + 25;
  for (size_t i = 10; i < total; ++i) session->addMark("mark " + std::to_string(i), static_cast<int64_t>(i));
  EXPECT_EQ(feed->eventAt(0).summary, "(no longer kept)");  // row 0 is gone, not yet synced
  EXPECT_EQ(feed->eventAt(9).summary, "(no longer kept)");
  dashboard.refresh();
  EXPECT_EQ(feed->rowCount(), static_cast<int>(core::live::LiveSession::kMaxEvents));
  EXPECT_EQ(feed->index(0, IssueFeedModel::kSummary).data().toString(), QStringLiteral("mark 25"));
  EXPECT_EQ(feed->index(feed->rowCount() - 1, IssueFeedModel::kSummary).data().toString(),
            QStringLiteral("mark %1").arg(total - 1));
  EXPECT_EQ(session->droppedEvents(), 25u);
  EXPECT_EQ(session->totalEvents(), total);
  EXPECT_EQ(session->eventCount(core::live::LiveEvent::Kind::kMark), total);
  EXPECT_TRUE(dashboard.summaryText().endsWith(
      QStringLiteral("%1 events in the feed (issues, ANRs, marks, frame gaps)").arg(total)))
      << dashboard.summaryText().toStdString();
}

// A synthetic feed at 10,000 frames/s and 100 issues/s for 3 s of wall time: the dashboard
// repaints on its own ~30 Hz timer (not per frame) and memory for frames stays bounded.
TEST(LiveDashboardTest, FastFeedRepaintsAtMostThirtyTimesASecondWithBoundedMemory) {
  auto session = std::make_shared<core::live::LiveSession>();
  LiveDashboard dashboard(session);
  dashboard.resize(1280, 800);
  dashboard.show();
  const uint64_t before = dashboard.repaints();
  QElapsedTimer clock;
  clock.start();
  int64_t deviceNs = 0;
  uint64_t sent = 0;
  const int64_t period = 16'666'667;
  while (clock.elapsed() < 3000) {
    // 100 frames and 1 issue every 10 ms of wall time.
    std::vector<core::framestats::Frame> batch(100);
    for (size_t i = 0; i < batch.size(); ++i) {
      auto& fr = batch[i];
      fr.startNs = deviceNs;
      fr.refreshPeriodNs = period;
      fr.durationNs = (sent + i) % 50 == 0 ? 5 * period : period / 2;  // every 50th frame drops 5
      fr.stageNs[static_cast<size_t>(core::framestats::FrameStage::kDraw)] = fr.durationNs;
      deviceNs += period;
    }
    session->addFrames(sent % 2000 < 1000 ? "MainActivity" : "DetailActivity", batch);
    sent += batch.size();
    core::matrix::MatrixIssue issue;
    issue.tag = "Trace_EvilMethod";
    issue.kind = core::matrix::IssueKind::kEvilMethod;
    issue.detail = "NORMAL";
    issue.costMs = 800;
    session->addIssue(std::move(issue), clock.elapsed());
    QElapsedTimer slice;
    slice.start();
    while (slice.elapsed() < 10) QCoreApplication::processEvents(QEventLoop::AllEvents, 5);
  }
  const double seconds = static_cast<double>(clock.elapsed()) / 1000.0;
  const uint64_t repaints = dashboard.repaints() - before;
  EXPECT_EQ(session->countedFrames(), sent);
  // Timers may run a few percent fast; 10% slack still tells "per timer tick" from "per batch" (300).
  EXPECT_LE(static_cast<double>(repaints), 1.1 * seconds * (1000.0 / LiveDashboard::kRepaintIntervalMs) + 2);
  EXPECT_GE(repaints, 10u) << "the dashboard did not keep up at all";
  EXPECT_LE(session->slowFrames().size(), core::live::LiveSession::kMaxSlowFrames);
  EXPECT_EQ(session->slowFrames().size(), std::min<uint64_t>(sent / 50, core::live::LiveSession::kMaxSlowFrames));
}

// Frames the recorder never saw are on the live timeline, as a recording keeps them.
TEST(LiveRecordFeedTest, AFrameGapIsShownWithItsLengthAndTheFramesItMayHide) {
  core::live::LiveSession session;
  core::live::LiveRecordFeed feed(session);
  std::vector<core::session::SessionRecord> records(3);
  records[0].type = core::session::RecordType::kScene;
  records[0].timeNs = 1'000'000'000;
  records[0].text = "com.example.Main";
  records[1].type = core::session::RecordType::kFrame;
  records[1].timeNs = 1'000'000'000;
  records[1].frame.startNs = 1'000'000'000;
  records[1].frame.durationNs = 8'000'000;
  records[1].frame.refreshPeriodNs = 16'666'667;
  records[2].type = core::session::RecordType::kFrameGap;
  records[2].timeNs = 1'000'000'000;
  records[2].gapNs = 1'200'000'000;
  records[2].gapFrames = 71;
  records[2].text = "com.example.Main";
  feed.add(records);
  ASSERT_EQ(session.events().size(), 1u);
  const core::live::LiveEvent& e = session.events().back();
  EXPECT_EQ(e.kind, core::live::LiveEvent::Kind::kMark);
  EXPECT_EQ(e.summary, "Frames lost: 1.20 s of com.example.Main not seen (at most 71 frames)");
  EXPECT_EQ(e.timeMs, 0);
}

// A reopened session with memory samples: the Memory panel's stacked areas hold exactly the
// session's samples (kB and times), and its marks the forced GC, the heap dump and the leak.
TEST(LiveDashboardTest, MemoryChartShowsTheSessionsSamplesAndMarks) {
  constexpr int64_t kS = 1'000'000'000;
  const auto path = test::scratchDir("live-memory") / "memory.mxs";
  core::session::SessionHeader header;
  header.app = "com.example.app";
  std::vector<core::meminfo::MemorySample> written;
  {
    auto w = core::session::SessionWriter::create(path.string(), header);
    ASSERT_TRUE(w.ok()) << w.status().toString();
    for (int64_t i = 0; i < 12; ++i) {
      core::meminfo::MemorySample m;
      m.timeNs = 100 * kS + i * 1'500'000'000;  // every 1.5 s
      m.pid = 77;
      m.javaHeapKb = 8'000 + 512 * i;
      m.nativeHeapKb = 12'345;
      m.codeKb = 4'000 + i;
      m.stackKb = 96;
      m.graphicsKb = i % 2 == 0 ? 1'500 : 1'700;
      m.privateOtherKb = 333;
      m.systemKb = i == 4 ? -1 : 2'222;  // one sample without System: drawn as 0
      m.totalPssKb = 40'000 + 513 * i;
      if (i == 3) m.marks = core::meminfo::kMemoryMarkGcForced;
      written.push_back(m);
      ASSERT_TRUE((*w)->appendMemory(m).ok());
    }
    ASSERT_TRUE((*w)->appendHeapDump(106 * kS, "/tmp/x.hprof", "leak watch").ok());
    ASSERT_TRUE((*w)->appendIssue(108 * kS, R"({"tag":"memory","activity":"com.example.LeakyActivity"})").ok());
    ASSERT_TRUE((*w)->close().ok());
  }
  auto reader = core::session::SessionReader::open(path.string());
  ASSERT_TRUE(reader.ok()) << reader.status().toString();
  core::NullProgress quiet;
  auto data = core::session::loadSession(**reader, quiet, core::CancelToken());
  ASSERT_TRUE(data.ok()) << data.status().toString();
  ASSERT_EQ((*data)->memory, written);
  auto session = std::make_shared<core::live::LiveSession>();
  replaySession(**data, INT64_MAX, *session);
  LiveDashboard dashboard(session);
  dashboard.refresh();
  MemoryChart* chart = dashboard.memoryChart();
  ASSERT_NE(chart, nullptr);
  const int64_t origin = (*data)->firstTimeNs;
  ASSERT_EQ(origin, 100 * kS);
  for (size_t c = 0; c < core::meminfo::kMemoryStackedCategories; ++c) {
    const QAreaSeries* area = chart->areas()[c];
    EXPECT_EQ(area->name().toStdString(), core::meminfo::memoryCategoryLabel(core::meminfo::kMemoryCategories[c]));
    const QList<QPointF> upper = area->upperSeries()->points();
    const QList<QPointF> lower = area->lowerSeries()->points();
    ASSERT_EQ(upper.size(), static_cast<qsizetype>(written.size())) << c;
    ASSERT_EQ(lower.size(), upper.size()) << c;
    for (size_t k = 0; k < written.size(); ++k) {
      const auto q = static_cast<qsizetype>(k);
      const int64_t kb = core::meminfo::memoryValue(written[k], core::meminfo::kMemoryCategories[c]);
      // The area's height is the category in MiB (kB / 1024, exact in binary), at seconds since the start.
      EXPECT_EQ((upper[q].y() - lower[q].y()) * 1024.0, static_cast<double>(std::max<int64_t>(kb, 0))) << c << " " << k;
      EXPECT_EQ(upper[q].x(), static_cast<double>((written[k].timeNs - origin) / 1'000'000) / 1000.0);
      EXPECT_EQ(lower[q].x(), upper[q].x());
    }
  }
  // The top of the stack is the sum of the seven categories, as TOTAL PSS would be.
  const QList<QPointF> top = chart->areas().back()->upperSeries()->points();
  EXPECT_EQ(top[0].y() * 1024.0, 8'000 + 12'345 + 4'000 + 96 + 1'500 + 333 + 2'222);
  // Marks: vertical lines (bottom, top, bottom) at 4.5 s (GC forced), 6 s (dump), 8 s (leak).
  ASSERT_EQ(chart->marks(0)->count(), 3);
  EXPECT_EQ(chart->marks(0)->at(0).x(), 4.5);
  EXPECT_EQ(chart->marks(0)->at(0).y(), 0.0);
  EXPECT_GT(chart->marks(0)->at(1).y(), top.back().y());
  ASSERT_EQ(chart->marks(1)->count(), 3);
  EXPECT_EQ(chart->marks(1)->at(1).x(), 6.0);
  ASSERT_EQ(chart->marks(2)->count(), 3);
  EXPECT_EQ(chart->marks(2)->at(1).x(), 8.0);
  EXPECT_EQ(chart->marks(0)->name(), QStringLiteral("GC forced"));
  EXPECT_EQ(chart->marks(1)->name(), QStringLiteral("dump taken"));
  EXPECT_EQ(chart->marks(2)->name(), QStringLiteral("leak found"));
  // The header says the newest PSS and the peak.
  EXPECT_TRUE(dashboard.summaryText().contains(QStringLiteral("PSS 44.6 MiB (peak 44.6 MiB)")))
      << dashboard.summaryText().toStdString();
  // A live sample arriving later is drawn at the next refresh; nothing else redraws the areas.
  core::meminfo::MemorySample later = written.back();
  later.timeNs += 1'500'000'000;
  later.javaHeapKb = 20'000;
  session->addMemory(later, (later.timeNs - origin) / 1'000'000);
  dashboard.refresh();
  ASSERT_EQ(chart->areas()[0]->upperSeries()->count(), 13);
  EXPECT_EQ(chart->areas()[0]->upperSeries()->at(12).y() * 1024.0, 20'000.0);
}

// Long sessions stay cheap to draw: at most about kMaxPoints points per area, the newest last.
TEST(LiveDashboardTest, MemoryChartThinsALongSeries) {
  core::live::LiveSession session;
  for (int64_t i = 0; i < 3000; ++i) {
    core::meminfo::MemorySample m;
    m.javaHeapKb = 1000 + i;
    session.addMemory(m, i * 1000);
  }
  MemoryChart chart;
  chart.show(session);
  const QLineSeries* java = chart.areas()[0]->upperSeries();
  EXPECT_LE(java->count(), static_cast<qsizetype>(MemoryChart::kMaxPoints + 1));
  EXPECT_EQ(java->at(java->count() - 1).y() * 1024.0, 3999.0);
  EXPECT_EQ(java->at(java->count() - 1).x(), 2999.0);
}

}  // namespace
}  // namespace mxi::gui

namespace mxi::gui {
namespace {

core::framestats::Frame frameAt(int64_t startNs, int64_t durationNs, int64_t periodNs) {
  core::framestats::Frame f;
  f.startNs = startNs;
  f.durationNs = durationNs;
  f.refreshPeriodNs = periodNs;
  f.stageNs[static_cast<size_t>(core::framestats::FrameStage::kDraw)] = durationNs;
  return f;
}

// The Y axis labels as drawn: the chart's numeric texts wholly left of its plot area (the X axis's
// first label is centred under the plot's left edge).
QStringList yAxisLabels(QChart* chart) {
  std::vector<std::pair<double, QString>> labels;
  for (QGraphicsItem* item : chart->scene()->items()) {
    auto* text = dynamic_cast<QGraphicsTextItem*>(item);
    if (text == nullptr || !text->isVisible()) continue;
    bool number = false;
    text->toPlainText().toInt(&number);
    const QRectF at = text->sceneBoundingRect();
    if (number && at.right() < chart->plotArea().left()) labels.emplace_back(-at.center().y(), text->toPlainText());
  }
  std::sort(labels.begin(), labels.end());  // bottom to top
  QStringList out;
  for (const auto& l : labels) out << l.second;
  return out;
}

}  // namespace

// Before any bar is clicked the panel lists the session's slowest frames, slowest first, and
// follows the live session; a clicked bar filters, and the title line's link goes back.
TEST(LiveDashboardTest, SlowFramesPanelShowsTheSlowestFramesBeforeAnyClick) {
  auto session = std::make_shared<core::live::LiveSession>();
  const int64_t period = 16'666'667;
  // 80 slow frames of 3…82 dropped frames in a shuffled order (37 is prime to 80), each after a
  // fast one, alternately in two scenes.
  std::map<int64_t, std::pair<std::string, int64_t>> byDuration;  // duration → scene, start
  int64_t t = 1'000'000'000;
  for (int i = 0; i < 80; ++i) {
    const std::string scene = i % 2 == 0 ? "MainActivity" : "DetailActivity";
    const std::vector<core::framestats::Frame> fast{frameAt(t, period / 2, period)};
    session->addFrames(scene, fast);
    t += period;
    const int64_t duration = (3 + (i * 37) % 80) * period + period / 2;
    const std::vector<core::framestats::Frame> slow{frameAt(t, duration, period)};
    session->addFrames(scene, slow);
    byDuration[duration] = {scene, t};
    t += duration;
  }
  ASSERT_EQ(session->slowFrames().size(), 80u);
  LiveDashboard dashboard(session);
  dashboard.refresh();

  SlowFramesModel* model = dashboard.slowFramesModel();
  QAbstractItemModelTester tester(model, QAbstractItemModelTester::FailureReportingMode::Fatal);
  const auto expectSlowest = [&] {
    ASSERT_EQ(static_cast<size_t>(model->rowCount()), SlowFramesModel::kSlowest);
    auto expected = byDuration.rbegin();
    for (int row = 0; row < model->rowCount(); ++row, ++expected) {
      EXPECT_DOUBLE_EQ(model->index(row, SlowFramesModel::kDurationMs).data().toDouble(),
                       static_cast<double>(expected->first) / 1e6)
          << "row " << row;
      EXPECT_EQ(model->index(row, SlowFramesModel::kScene).data().toString().toStdString(), expected->second.first)
          << "row " << row;
      EXPECT_EQ(model->index(row, SlowFramesModel::kTime).data().toString(),
                formatSessionTime((expected->second.second - 1'000'000'000) / 1'000'000))
          << "row " << row;
    }
  };
  expectSlowest();
  EXPECT_DOUBLE_EQ(model->index(0, SlowFramesModel::kDurationMs).data().toDouble(), (82 * period + period / 2) / 1e6);
  EXPECT_EQ(model->index(0, SlowFramesModel::kLevel).data().toString(), QStringLiteral("frozen"));

  // The dock says "Slow frames"; the line under it says which, without repeating it.
  auto* dock = dashboard.panels()->findChild<QDockWidget*>(QStringLiteral("slowFramesPanel"));
  ASSERT_NE(dock, nullptr);
  EXPECT_EQ(dock->windowTitle(), QStringLiteral("Slow frames"));
  auto* title = dashboard.findChild<QLabel*>(QStringLiteral("slowFramesTitle"));
  ASSERT_NE(title, nullptr);
  EXPECT_EQ(title->text(),
            QStringLiteral("The 50 slowest of the session, slowest first · click a bar of Drop levels for one scene "
                           "and level"));

  // A new slowest frame arrives: it heads the list at the next repaint; one that is not among
  // the 50 slowest leaves the rows alone (no reset, so a selection stays).
  const int64_t slowest = 100 * period;
  session->addFrames("MainActivity", std::vector<core::framestats::Frame>{frameAt(t, slowest, period)});
  byDuration[slowest] = {"MainActivity", t};
  t += slowest;
  QSignalSpy resets(model, &QAbstractItemModel::modelReset);
  dashboard.refresh();
  EXPECT_EQ(resets.size(), 1);
  expectSlowest();
  session->addFrames("MainActivity", std::vector<core::framestats::Frame>{frameAt(t, 3 * period, period)});
  dashboard.refresh();
  EXPECT_EQ(resets.size(), 1);

  // A clicked bar filters (newest first) and stays as picked; the link brings the slowest back.
  dashboard.showSlowFrames(0, DropLevel::kFrozen);
  EXPECT_TRUE(model->isFiltered());
  const int frozen = model->rowCount();
  EXPECT_EQ(frozen, static_cast<int>(session->scenes()[0].levels[static_cast<size_t>(DropLevel::kFrozen)]));
  EXPECT_DOUBLE_EQ(model->index(0, SlowFramesModel::kDurationMs).data().toDouble(), static_cast<double>(slowest) / 1e6);
  EXPECT_TRUE(title->text().startsWith(QStringLiteral("MainActivity · ")));
  EXPECT_TRUE(title->text().endsWith(QStringLiteral("<a href=\"slowest\">the slowest of the session</a>")))
      << title->text().toStdString();
  emit title->linkActivated(QStringLiteral("slowest"));
  EXPECT_FALSE(model->isFiltered());
  expectSlowest();
}

TEST(FpsChartTest, AxisTicksAreRoundFpsValues) {
  const std::vector<std::tuple<double, int, int>> cases{{0, 60, 15},    {59.9, 60, 15}, {60, 60, 15},
                                                        {61, 90, 15},   {90, 90, 15},   {90.5, 120, 30},
                                                        {144, 150, 30}, {240, 240, 30}, {241, 270, 60}};
  for (const auto& [peak, top, step] : cases) {
    const FpsAxisTicks ticks = fpsAxisTicks(peak);
    EXPECT_EQ(ticks.top, top) << peak;
    EXPECT_EQ(ticks.step, step) << peak;
  }
}

// The demo's phone draws at 80 fps: the axis runs 0–90 labelled every 15 fps, not 0 22 45 67 90.
TEST(FpsChartTest, An80FpsSessionIsLabelledEvery15Fps) {
  core::live::LiveSession session;
  const int64_t period = 12'500'000;  // 80 Hz
  std::vector<core::framestats::Frame> frames;
  for (int i = 0; i < 80 * 5; ++i) frames.push_back(frameAt(i * period, period / 2, period));
  session.addFrames("MainActivity", frames);
  FpsChart chart;
  chart.resize(600, 400);
  chart.setVisible(true);  // FpsChart::show(session, …) hides QWidget::show()
  chart.show(session, LiveDashboard::kFpsWindowSeconds);
  ASSERT_TRUE(QTest::qWaitForWindowExposed(&chart));
  QTest::qWait(50);  // the chart lays its axes out on the next pass of the event loop

  const auto axes = chart.chart()->axes(Qt::Vertical);
  ASSERT_EQ(axes.size(), 1);
  auto* y = qobject_cast<QValueAxis*>(axes[0]);
  ASSERT_NE(y, nullptr);
  EXPECT_EQ(y->min(), 0);
  EXPECT_EQ(y->max(), 90);
  EXPECT_EQ(y->tickType(), QValueAxis::TicksDynamic);
  EXPECT_EQ(y->tickAnchor(), 0);
  EXPECT_EQ(y->tickInterval(), 15);
  EXPECT_EQ(yAxisLabels(chart.chart()),
            (QStringList{QStringLiteral("0"), QStringLiteral("15"), QStringLiteral("30"), QStringLiteral("45"),
                         QStringLiteral("60"), QStringLiteral("75"), QStringLiteral("90")}));
}

}  // namespace mxi::gui
