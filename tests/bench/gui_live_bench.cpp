// Live view ingest soak (timed driver, not a unit test): a synthetic stream of N frames/s and M
// issues/s, as session records, goes through the live view's pipeline for S seconds of wall time —
// a recording thread pushes the records into a core LiveHandoff every 10 ms (one turn of the
// recorder's loop: decode there, then flush), whose wake queues the batch's apply to the UI
// thread's LiveSession, as LiveDeviceJob wires it, shown by a LiveDashboard on the offscreen
// platform. Reports repaints/s, the UI thread's longest stall and longest batch apply, and RSS: it
// grows only until the session's bounded buffers are full (20,000 slow frames after ~40 s, 10,000
// feed events after 100 s at these rates), so the baseline is taken after --warmup seconds and
// must not grow from there to the end.
//
//   gui_live_bench [--seconds 240] [--warmup 120] [--frames-per-second 10000] [--issues-per-second 100]
// Figures and command: docs/PERFORMANCE.md ("Desktop app").
#include <unistd.h>
#include <QApplication>
#include <QElapsedTimer>
#include <QTimer>
#include <atomic>
#include <chrono>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <memory>
#include <string>
#include <thread>

#include "app/gui/models/session/issue_feed_model.h"
#include "app/gui/views/session/live_dashboard.h"
#include "core/live/live_handoff.h"
#include "core/live/live_session.h"
#include "tests/bench/ui_stall_probe.h"

namespace {

double rssMiB() {
  std::ifstream statm("/proc/self/statm");
  long pages = 0, resident = 0;
  statm >> pages >> resident;
  return static_cast<double>(resident) * static_cast<double>(sysconf(_SC_PAGESIZE)) / (1024.0 * 1024.0);
}

// An evil method as the recorder writes it (the agent's wrapper around the app's JSON); the
// pipeline parses it and builds its call tree on the recording thread.
std::string issueRecordText(int64_t costMs) {
  const std::string cost = std::to_string(costMs);
  return R"({"tag":"Trace_EvilMethod","type":0,"key":"","pid":1,"logTimeMs":0,"truncated":false,"content":)"
         R"({"detail":"NORMAL","process":"com.example","scene":"MainActivity","cost":)" +
         cost + R"(,"stack":"0,1048574,1,)" + cost +
         R"(\n1,96,1,700\n2,98,1,400\n3,120,2,150\n2,99,1,100\n","stackKey":"96|"}})";
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
  using mxi::core::session::RecordType;
  using mxi::core::session::SessionRecord;
  using mxi::gui::LiveDashboard;
  auto session = std::make_shared<mxi::core::live::LiveSession>();
  LiveDashboard dashboard(session);
  dashboard.resize(1600, 1000);
  dashboard.show();
  const char* scenes[] = {"MainActivity", "FeedActivity", "DetailActivity", "SettingsActivity"};
  const int64_t period = 16'666'667;
  warmup = std::min(warmup, seconds / 2);

  QElapsedTimer clock;
  uint64_t repaintsAtWarmup = 0, applied = 0, batches = 0;
  double rss5 = 0, rssWarm = 0, rssMax = 0, applyMaxMs = 0, turnMaxMs = 0;
  mxi::bench::UiStallProbe probe;
  // UI thread: each wake queues one apply of everything that arrived meanwhile (LiveDeviceJob).
  mxi::core::live::LiveHandoff handoff([&] {
    QMetaObject::invokeMethod(
        &app,
        [&] {
          QElapsedTimer spent;
          spent.start();
          mxi::core::live::LiveBatch batch = handoff.take();
          applied += batch.records;
          ++batches;
          session->apply(std::move(batch));
          applyMaxMs = std::max(applyMaxMs, static_cast<double>(spent.nsecsElapsed()) / 1e6);
        },
        Qt::QueuedConnection);
  });
  mxi::core::session::SessionHeader header;
  header.startMonotonicNs = 1'000'000'000;
  (void)handoff.open(header);
  // The recording thread: every 10 ms the records due by then (a turn of the recorder's loop).
  std::atomic<bool> stop{false};
  uint64_t framesSent = 0, issuesSent = 0, recordsSent = 0;
  std::thread recording([&] {
    int64_t deviceNs = header.startMonotonicNs;
    std::string scene;
    std::vector<SessionRecord> turn;
    const auto begin = std::chrono::steady_clock::now();
    auto next = begin;
    while (!stop.load()) {
      next += std::chrono::milliseconds(10);
      std::this_thread::sleep_until(next);
      const double now = std::chrono::duration<double>(std::chrono::steady_clock::now() - begin).count();
      const auto turnStart = std::chrono::steady_clock::now();
      turn.clear();
      // Whatever is due by now, so the rate holds even when a turn comes late.
      for (const auto due = static_cast<uint64_t>(framesPerSecond * now); framesSent < due; ++framesSent) {
        const uint64_t n = framesSent;
        if (const char* s = scenes[(n / 10000) % 4]; scene != s) {
          scene = s;
          SessionRecord r;
          r.type = RecordType::kScene;
          r.timeNs = deviceNs;
          r.text = scene;
          turn.push_back(r);
        }
        SessionRecord r;
        r.type = RecordType::kFrame;
        mxi::core::framestats::Frame& f = r.frame;
        f.startNs = deviceNs;
        f.refreshPeriodNs = period;
        // Mostly smooth; every 20th frame drops 4, every 200th 30, every 2000th 60.
        f.durationNs = n % 2000 == 0  ? 60 * period
                       : n % 200 == 0 ? 30 * period
                       : n % 20 == 0  ? 4 * period
                                      : period / 2 + static_cast<int64_t>(n % 7) * 1'000'000;
        f.stageNs[static_cast<size_t>(n % mxi::core::framestats::kFrameStageCount)] = f.durationNs;
        r.timeNs = f.startNs;
        deviceNs += period;
        turn.push_back(std::move(r));
      }
      for (const auto due = static_cast<uint64_t>(issuesPerSecond * now); issuesSent < due; ++issuesSent) {
        SessionRecord r;
        r.type = RecordType::kIssue;
        r.timeNs = deviceNs;
        r.text = issueRecordText(700 + static_cast<int64_t>(issuesSent % 900));
        turn.push_back(std::move(r));
      }
      recordsSent += turn.size();
      (void)handoff.push(turn);
      (void)handoff.flush();
      turnMaxMs = std::max(
          turnMaxMs, std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - turnStart).count());
    }
  });
  QTimer sample;  // RSS and the warm-up baseline, on the UI thread
  sample.setInterval(100);
  QObject::connect(&sample, &QTimer::timeout, &app, [&] {
    const double now = static_cast<double>(clock.nsecsElapsed()) / 1e9;
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
  sample.start();
  const uint64_t repaintsBefore = dashboard.repaints();
  QApplication::exec();
  probe.stop();
  stop = true;
  recording.join();
  {
    mxi::core::live::LiveBatch last = handoff.take();  // what the loop did not get to
    applied += last.records;
    session->apply(std::move(last));
  }
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
  std::printf("UI thread: longest stall %.1f ms, stalls > 50 ms: %llu; longest batch apply %.1f ms\n",
              probe.maxStallMs(), static_cast<unsigned long long>(probe.stallsOver50ms()), applyMaxMs);
  std::printf(
      "recording thread: longest turn (decode + hand-off) %.1f ms; %llu records in %llu batches, %llu applied\n",
      turnMaxMs, static_cast<unsigned long long>(recordsSent), static_cast<unsigned long long>(batches),
      static_cast<unsigned long long>(applied));
  std::printf(
      "RSS: %.1f MiB at 5 s, %.1f MiB after %.0f s warm-up, %.1f MiB at the end (growth after warm-up %+.1f MiB), "
      "max %.1f MiB\n",
      rss5, rssWarm, warmup, rssEnd, rssEnd - rssWarm, rssMax);
  std::printf("session: %llu frames counted, %zu slow frames kept, %zu events kept, %d feed rows\n",
              static_cast<unsigned long long>(session->countedFrames()), session->slowFrames().size(),
              session->events().size(), dashboard.feedModel()->rowCount());
  return 0;
}
