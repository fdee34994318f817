// Live view ingest soak (timed driver, not a unit test): a synthetic feed of N frames/s and M
// issues/s goes into a LiveSession shown by a LiveDashboard on the offscreen platform for S
// seconds of wall time, on the UI thread as the agent connection delivers it. Reports repaints/s,
// the UI thread's longest stall, and RSS: it grows only until the session's bounded buffers are
// full (20,000 slow frames after ~40 s, 10,000 feed events after 100 s at these rates), so the
// baseline is taken after --warmup seconds and must not grow from there to the end.
//
//   gui_live_bench [--seconds 240] [--warmup 120] [--frames-per-second 10000] [--issues-per-second 100]
// Figures and command: docs/PERFORMANCE.md ("Desktop app").
#include <unistd.h>
#include <QApplication>
#include <QElapsedTimer>
#include <QTimer>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <memory>
#include <string>

#include "app/gui/models/session/issue_feed_model.h"
#include "app/gui/views/session/live_dashboard.h"
#include "core/live/live_session.h"
#include "core/matrix/matrix_issue.h"
#include "tests/bench/ui_stall_probe.h"

namespace {

double rssMiB() {
  std::ifstream statm("/proc/self/statm");
  long pages = 0, resident = 0;
  statm >> pages >> resident;
  return static_cast<double>(resident) * static_cast<double>(sysconf(_SC_PAGESIZE)) / (1024.0 * 1024.0);
}

// An evil method as the agent reports it, call tree built (as the live path does).
mxi::core::matrix::MatrixIssue templateIssue() {
  auto parsed = mxi::core::matrix::parseIssueText(
      R"({"tag":"Trace_EvilMethod","detail":"NORMAL","process":"com.example","scene":"MainActivity","cost":812,)"
      R"("stack":"0,1048574,1,812\n1,96,1,700\n2,98,1,400\n3,120,2,150\n2,99,1,100\n","stackKey":"96|"})");
  mxi::core::matrix::decodeIssues(parsed, nullptr);
  return parsed.issues.front();
}

}  // namespace

int main(int argc, char** argv) {
  if (qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM")) qputenv("QT_QPA_PLATFORM", "offscreen");
  double seconds = 240, warmup = 120, framesPerSecond = 10000, issuesPerSecond = 100;
  for (int i = 1; i + 1 < argc; i += 2) {
    const double v = std::atof(argv[i + 1]);
    if (!std::strcmp(argv[i], "--seconds"))
      seconds = v;
    else if (!std::strcmp(argv[i], "--warmup"))
      warmup = v;
    else if (!std::strcmp(argv[i], "--frames-per-second"))
      framesPerSecond = v;
    else if (!std::strcmp(argv[i], "--issues-per-second"))
      issuesPerSecond = v;
    else {
      std::fprintf(stderr, "usage: %s [--seconds S] [--warmup W] [--frames-per-second N] [--issues-per-second M]\n",
                   argv[0]);
      return 2;
    }
  }
  QApplication app(argc, argv);
  using mxi::core::session::LiveSession;
  using mxi::gui::LiveDashboard;
  auto session = std::make_shared<mxi::core::session::LiveSession>();
  LiveDashboard dashboard(session);
  dashboard.resize(1600, 1000);
  dashboard.show();
  const auto issue = templateIssue();
  const char* scenes[] = {"MainActivity", "FeedActivity", "DetailActivity", "SettingsActivity"};
  const int64_t period = 16'666'667;
  warmup = std::min(warmup, seconds / 2);

  QElapsedTimer clock;
  uint64_t framesSent = 0, issuesSent = 0, repaintsAtWarmup = 0;
  int64_t deviceNs = 1'000'000'000;
  double rss5 = 0, rssWarm = 0, rssMax = 0, feedMaxMs = 0;
  mxi::bench::UiStallProbe probe;
  QTimer feed;
  feed.setTimerType(Qt::PreciseTimer);
  feed.setInterval(10);
  std::vector<mxi::core::framestats::Frame> batch;
  QObject::connect(&feed, &QTimer::timeout, &app, [&] {
    const double now = static_cast<double>(clock.nsecsElapsed()) / 1e9;
    QElapsedTimer spent;
    spent.start();
    // Whatever is due by now, so the rate holds even when a tick comes late.
    const auto framesDue = static_cast<uint64_t>(framesPerSecond * now);
    batch.clear();
    while (framesSent + batch.size() < framesDue) {
      const uint64_t n = framesSent + batch.size();
      mxi::core::framestats::Frame f;
      f.startNs = deviceNs;
      f.refreshPeriodNs = period;
      // Mostly smooth; every 20th frame drops 4, every 200th 30, every 2000th 60.
      f.durationNs = n % 2000 == 0  ? 60 * period
                     : n % 200 == 0 ? 30 * period
                     : n % 20 == 0  ? 4 * period
                                    : period / 2 + static_cast<int64_t>(n % 7) * 1'000'000;
      f.stageNs[static_cast<size_t>(n % mxi::core::framestats::kFrameStageCount)] = f.durationNs;
      deviceNs += period;
      batch.push_back(f);
    }
    if (!batch.empty()) session->addFrames(scenes[(framesSent / 10000) % 4], batch);
    framesSent += batch.size();
    const auto issuesDue = static_cast<uint64_t>(issuesPerSecond * now);
    for (; issuesSent < issuesDue; ++issuesSent) {
      auto copy = issue;
      copy.costMs = 700 + static_cast<int64_t>(issuesSent % 900);
      session->addIssue(std::move(copy), static_cast<int64_t>(now * 1000));
    }
    feedMaxMs = std::max(feedMaxMs, static_cast<double>(spent.nsecsElapsed()) / 1e6);
    rssMax = std::max(rssMax, rssMiB());
    if (rss5 == 0 && now >= 5) rss5 = rssMiB();
    if (rssWarm == 0 && now >= warmup) {
      rssWarm = rssMiB();
      repaintsAtWarmup = dashboard.repaints();
    }
    if (now >= seconds) app.quit();
  });
  clock.start();
  probe.start();
  feed.start();
  const uint64_t repaintsBefore = dashboard.repaints();
  QApplication::exec();
  probe.stop();
  const double elapsed = static_cast<double>(clock.nsecsElapsed()) / 1e9;
  const double rssEnd = rssMiB();
  std::printf("feed: %.0f frames/s, %.0f issues/s for %.1f s (%llu frames, %llu issues)\n", framesPerSecond,
              issuesPerSecond, elapsed, static_cast<unsigned long long>(framesSent),
              static_cast<unsigned long long>(issuesSent));
  std::printf("repaints/s: %.1f (%llu repaints)\n",
              static_cast<double>(dashboard.repaints() - repaintsBefore) / elapsed,
              static_cast<unsigned long long>(dashboard.repaints() - repaintsBefore));
  std::printf("repaints/s after warm-up: %.1f\n",
              static_cast<double>(dashboard.repaints() - repaintsAtWarmup) / (elapsed - warmup));
  std::printf("UI thread: longest stall %.1f ms, stalls > 50 ms: %llu; longest feed tick %.1f ms\n", probe.maxStallMs(),
              static_cast<unsigned long long>(probe.stallsOver50ms()), feedMaxMs);
  std::printf(
      "RSS: %.1f MiB at 5 s, %.1f MiB after %.0f s warm-up, %.1f MiB at the end (growth after warm-up %+.1f MiB), "
      "max %.1f MiB\n",
      rss5, rssWarm, warmup, rssEnd, rssEnd - rssWarm, rssMax);
  std::printf("session: %llu frames counted, %zu slow frames kept, %zu events kept, %d feed rows\n",
              static_cast<unsigned long long>(session->countedFrames()), session->slowFrames().size(),
              session->events().size(), dashboard.feedModel()->rowCount());
  return 0;
}
