// `mxi session summary FILE`: frames, drop levels, FPS and percentiles per scene from the block
// summaries (fast on any size), issue counts, frame gaps, clocks that disagree, and the memory
// timeline (start, peak, end and growth per category; only the blocks holding samples, marks or
// frame gaps are read, and a damaged one among them is read around and named), and the app's SQL
// per statement shape (count, total / mean / max ms, by total; docs/SQLITE.md "Live"), and
// `mxi startup`'s runs: how many counted, and their statistics (docs/STARTUP.md).
#include <algorithm>
#include <cstdio>
#include <optional>

#include "app/cli/session/session_files.h"
#include "core/exports/memory_json.h"
#include "core/exports/session_json.h"
#include "core/exports/sql_json.h"
#include "core/meminfo/memory_stats.h"
#include "core/session/frame_gaps.h"
#include "core/session/session_span.h"
#include "core/startup/startup_report.h"
#include "core/startup/startup_session.h"

namespace mxi::cli {

namespace session = core::session;
namespace meminfo = core::meminfo;
namespace exports = core::exports;
using nlohmann::ordered_json;

namespace {

// "memory: 40 samples over 39.0 s, peak PSS 61440 kB, TOTAL PSS growth +128.0 kB/min", a row per
// category the samples gave, then the marks.
void printMemory(const meminfo::MemorySummary& m) {
  std::printf("memory: %llu samples over %.1f s", static_cast<unsigned long long>(m.samples),
              static_cast<double>(m.lastTimeNs - m.firstTimeNs) / 1e9);
  if (const auto* pss = m.find(meminfo::MemoryCategory::kTotalPss)) {
    std::printf(", peak PSS %lld kB, TOTAL PSS growth %+.1f kB/min", static_cast<long long>(pss->peakKb),
                pss->growthKbPerMin);
  }
  std::printf("\n  %-14s %10s %10s %10s %12s\n", "category", "start kB", "peak kB", "end kB", "kB/min");
  for (const auto& c : m.categories) {
    std::printf("  %-14s %10lld %10lld %10lld %+12.1f\n", std::string(meminfo::memoryCategoryLabel(c.category)).c_str(),
                static_cast<long long>(c.startKb), static_cast<long long>(c.peakKb), static_cast<long long>(c.endKb),
                c.growthKbPerMin);
  }
  if (m.gcForced + m.heapDumps + m.leaks > 0) {
    std::printf("  marks: GC forced %llu, dump taken %llu, leak found %llu\n",
                static_cast<unsigned long long>(m.gcForced), static_cast<unsigned long long>(m.heapDumps),
                static_cast<unsigned long long>(m.leaks));
  }
}

// "SQL: 42 operations, 3 statement shapes (by total time)", then a row per shape.
void printSql(uint64_t operations, const std::vector<core::sqlitelint::ShapeTotals>& shapes) {
  std::printf("SQL: %llu operations, %zu statement shapes (by total time)\n",
              static_cast<unsigned long long>(operations), shapes.size());
  std::printf("  %8s %10s %9s %8s  %s\n", "count", "total ms", "mean ms", "max ms", "statement");
  for (const auto& sh : shapes) {
    std::printf("  %8llu %10lld %9.1f %8lld  %s\n", static_cast<unsigned long long>(sh.count),
                static_cast<long long>(sh.totalMs), sh.meanMs(), static_cast<long long>(sh.maxMs), sh.shape.c_str());
  }
}

// "startup: 5 cold launches counted of 6 (pkg/.Main)", then the statistics per figure.
void printStartup(const core::startup::StartupReport& r) {
  const auto counted = std::count_if(r.runs.begin(), r.runs.end(), [](const auto& run) { return run.counted; });
  std::printf("startup: %lld %s launches counted of %zu", static_cast<long long>(counted),
              std::string(core::startup::launchModeName(r.mode)).c_str(), r.runs.size());
  if (!r.activity.empty()) std::printf(" (%s)", r.activity.c_str());
  std::printf("\n%s", core::startup::statsText(r.runs).c_str());
  if (!r.stoppedBy.empty()) std::printf("  stopped early: %s\n", r.stoppedBy.c_str());
}

}  // namespace

void registerSessionSummary(CLI::App& parent, int& exitCode) {
  auto* cmd = parent.add_subcommand(
      "summary",
      "Frames, drop levels, FPS and percentiles per scene, issue counts (from block summaries: fast on any size)");
  struct Args {
    std::string file;
    OutputFormat format = OutputFormat::kText;
  };
  auto args = std::make_shared<Args>();
  cmd->add_option("FILE", args->file, "Session (.mxs)")->required();
  addFormatOption(*cmd, args->format);
  setCommandBody(*cmd, exitCode, "session summary", [args]() -> CommandResult {
    ASSIGN_OR_RETURN(auto reader, about(args->file, session::SessionReader::open(args->file)));
    const auto s = reader->summarize();
    std::vector<session::SessionFrameGap> gaps;
    if (s.frameGaps > 0) {
      ASSIGN_OR_RETURN(gaps, about(args->file, session::readFrameGaps(*reader)));
    }
    std::vector<meminfo::MemorySample> samples;
    if (s.memorySamples > 0) {
      ASSIGN_OR_RETURN(auto records, about(args->file, reader->recordsOfType(session::RecordType::kMemory)));
      samples.reserve(records.size());
      for (const auto& r : records) samples.push_back(r.memory);
    }
    const meminfo::MemorySummary memory = meminfo::summarizeMemory(samples);
    std::vector<session::SqlOperation> sql;
    if (s.sqlOperations > 0) {
      ASSIGN_OR_RETURN(auto records, about(args->file, reader->recordsOfType(session::RecordType::kSqlOperation)));
      sql.reserve(records.size());
      for (auto& r : records) sql.push_back(std::move(r.sql));
    }
    const auto shapes = exports::sqlShapesOf(sql);
    std::optional<core::startup::StartupReport> startup;
    if (s.startupRuns > 0) {
      ASSIGN_OR_RETURN(auto records, about(args->file, reader->recordsOfType(session::RecordType::kStartupRun)));
      ASSIGN_OR_RETURN(startup, core::startup::startupRunsOf(reader->header(), records, args->file));
    }
    std::vector<session::SessionRecord> marks;
    if (s.marks > 0) {
      ASSIGN_OR_RETURN(marks, about(args->file, reader->recordsOfType(session::RecordType::kMark)));
    }
    // After every read: a damaged block behind a clean footer shows when it is read.
    const session::RecoveryReport recovery = reader->recovery();
    if (args->format == OutputFormat::kJson) {
      ordered_json j = exports::summaryToJson(s);
      j["app"] = reader->header().app;
      j["device"] = reader->header().device;
      j["intact"] = recovery.intact();
      j["recovery"] = exports::recoveryToJson(recovery);
      j["frameGapList"] = exports::frameGapsToJson(gaps);
      j["memory"] = exports::memorySummaryToJson(memory);
      j["sqlStatements"] = exports::sqlShapesToJson(shapes);
      if (startup) {
        ordered_json runs = core::startup::reportJson(*startup);
        runs.erase("issues");  // the session's issues are counted above
        j["startup"] = std::move(runs);
      }
      printJson(j);
      return 0;
    }
    std::printf("%s on %s: %.1f s, %llu frames (+%llu flagged), %llu issues, %llu ANRs, %llu marks, %llu heap dumps\n",
                reader->header().app.c_str(), reader->header().device.c_str(), s.durationMs() / 1000,
                static_cast<unsigned long long>(s.frames), static_cast<unsigned long long>(s.flaggedFrames),
                static_cast<unsigned long long>(s.issues), static_cast<unsigned long long>(s.anrs),
                static_cast<unsigned long long>(s.marks), static_cast<unsigned long long>(s.heapDumps));
    auto row = [](const session::SceneFrameSummary& sc, const std::string& name) {
      std::printf(
          "  %-60s %8llu  FPS %5.1f  jank %5.1f%%  p50 %6.1f  p90 %6.1f  p99 %6.1f ms  levels "
          "%llu/%llu/%llu/%llu/%llu\n",
          name.c_str(), static_cast<unsigned long long>(sc.frames), sc.fps(),
          sc.frames ? 100.0 * static_cast<double>(sc.jankFrames) / static_cast<double>(sc.frames) : 0.0,
          sc.percentileMs(50), sc.percentileMs(90), sc.percentileMs(99), static_cast<unsigned long long>(sc.levels[0]),
          static_cast<unsigned long long>(sc.levels[1]), static_cast<unsigned long long>(sc.levels[2]),
          static_cast<unsigned long long>(sc.levels[3]), static_cast<unsigned long long>(sc.levels[4]));
    };
    if (s.offClockNs != 0) {
      std::printf("clocks disagree: %s\n",
                  session::describeOffClock({s.firstTimeNs, s.lastTimeNs, s.offClockNs}).c_str());
    }
    for (const auto& sc : s.scenes) row(sc, sc.scene.empty() ? session::kNoScene : sc.scene);
    row(s.overall, "all scenes");
    std::printf("(levels: best/normal/middle/high/frozen; percentiles at 0.5 ms resolution)\n");
    if (!gaps.empty()) {
      uint64_t lost = 0;
      for (const auto& g : gaps) lost += g.maxLostFrames;
      std::printf("frames not seen: %zu gap(s), at most %llu frames missing from the figures above (%s)\n", gaps.size(),
                  static_cast<unsigned long long>(lost), session::kFrameGapExplanation);
      for (const auto& g : gaps) {
        std::printf("  at %.3f s: %s\n", static_cast<double>(g.timeNs - s.firstTimeNs) / 1e9,
                    session::describeFrameGap(g).c_str());
      }
    }
    if (memory.samples > 0) printMemory(memory);
    if (!sql.empty()) printSql(sql.size(), shapes);
    if (startup) printStartup(*startup);
    if (!marks.empty()) {
      // Marks say what happened around the figures: the user's, and the app's process dying and
      // coming back (the recorder's).
      std::printf("marks:\n");
      for (const auto& m : marks) {
        std::printf("  at %.3f s: %s\n", static_cast<double>(m.timeNs - s.firstTimeNs) / 1e9, m.text.c_str());
      }
    }
    if (!recovery.intact()) printRecovery(recovery);
    return 0;
  });
}

}  // namespace mxi::cli
