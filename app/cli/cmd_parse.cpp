// `mxi parse issues|anr|framestats|trace|meminfo|dbinfo FILE`: what QA pastes from a bug report, decoded —
// Matrix issues with named call trees, ANR thread dumps with blocking chains, gfxinfo framestats
// with drop levels, FPS, percentiles and the stage behind each slow frame (trace, meminfo and dbinfo have
// their own files). `--mapping` names a minified app's classes, methods and frames back.
#include <cstdio>

#include <nlohmann/json.hpp>

#include "app/cli/commands.h"
#include "app/cli/issue_text.h"
#include "app/cli/mapping_option.h"
#include "app/cli/text_input.h"
#include "core/anr/anr_deobfuscation.h"
#include "core/anr/anr_json.h"
#include "core/anr/anr_trace.h"
#include "core/framestats/frame_stats.h"
#include "core/framestats/framestats_json.h"
#include "core/framestats/framestats_parser.h"
#include "core/json/parse_problems_json.h"
#include "core/matrix/issue_deobfuscation.h"
#include "core/matrix/matrix_issue.h"
#include "core/matrix/matrix_json.h"
#include "core/strictmode/strictmode_issues.h"

namespace mxi::cli {

namespace json = core::json;
namespace framestats = core::framestats;
namespace matrix = core::matrix;
namespace anr = core::anr;
using nlohmann::ordered_json;

void printParseProblems(const std::vector<core::ParseProblem>& problems, const std::string& file) {
  for (const auto& p : problems) {
    std::fprintf(stderr, "mxi: %s line %llu (at byte offset %llu): %s\n", file.c_str(),
                 static_cast<unsigned long long>(p.line), static_cast<unsigned long long>(p.offset), p.message.c_str());
  }
}

namespace {

void registerIssues(CLI::App& parent, int& exitCode) {
  auto* cmd = parent.add_subcommand(
      "issues",
      "Matrix issues (JSON lines, upload wrappers, Issue.toString() logcat lines or whole logcat dumps), and the "
      "StrictMode violations of a logcat as IOCanary issues");
  struct Args {
    std::string file;
    std::vector<std::string> mappings, proguard;
    OutputFormat format = OutputFormat::kText;
  };
  auto args = std::make_shared<Args>();
  cmd->add_option("FILE", args->file, "Issues file, or - for stdin")->required();
  addMappingOption(*cmd, args->mappings, "call-tree methods, thread-stack frames, scenes and activities");
  cmd->add_option("--proguard", args->proguard, "Same as --mapping (kept for scripts written before it)");
  addFormatOption(*cmd, args->format);
  setCommandBody(*cmd, exitCode, "parse issues", [args]() -> CommandResult {
    ASSIGN_OR_RETURN(auto text, readTextInput(args->file));
    std::vector<std::string> paths = args->mappings;
    paths.insert(paths.end(), args->proguard.begin(), args->proguard.end());
    ASSIGN_OR_RETURN(const MappingInputs mappings, loadMappings(paths));
    matrix::IssueParseResult result = core::strictmode::parseIssuesWithStrictMode(text);
    // Without a methodMapping the R8 mapping still names method ids nothing, but it renames the rest.
    matrix::decodeIssues(result, mappings.methodMapping ? &*mappings.methodMapping : nullptr);
    if (mappings.r8) matrix::deobfuscateIssues(result.issues, *mappings.r8);
    printParseProblems(result.problems, args->file);
    if (args->format == OutputFormat::kJson) {
      ordered_json j;
      ordered_json issues = ordered_json::array();
      for (const auto& i : result.issues) issues.push_back(matrix::issueToJson(i));
      j["issues"] = std::move(issues);
      j["problems"] = json::problemsToJson(result.problems);
      j["linesRead"] = result.linesRead;
      if (!paths.empty()) j["mappings"] = mappingsToJson(mappings);
      printJson(j);
    } else {
      for (size_t k = 0; k < result.issues.size(); ++k) std::printf("%s\n", issueText(result.issues[k], k).c_str());
      std::printf("%zu issue(s), %zu problem(s), %llu line(s) read\n", result.issues.size(), result.problems.size(),
                  static_cast<unsigned long long>(result.linesRead));
    }
    if (result.issues.empty()) {
      std::fprintf(stderr, "mxi: parse issues: %s: no Matrix issue found\n", args->file.c_str());
      return static_cast<int>(ExitCode::kBadInput);
    }
    return 0;
  });
}

void registerAnr(CLI::App& parent, int& exitCode) {
  auto* cmd = parent.add_subcommand(
      "anr", "ANR thread dump (traces.txt, dropbox ANR): threads, main thread, lock chains, deadlocks");
  struct Args {
    std::string file;
    std::vector<std::string> mappings;
    OutputFormat format = OutputFormat::kText;
  };
  auto args = std::make_shared<Args>();
  cmd->add_option("FILE", args->file, "traces.txt, or - for stdin")->required();
  addMappingOption(*cmd, args->mappings, "stack frames and lock classes");
  addFormatOption(*cmd, args->format);
  setCommandBody(*cmd, exitCode, "parse anr", [args]() -> CommandResult {
    ASSIGN_OR_RETURN(auto text, readTextInput(args->file));
    ASSIGN_OR_RETURN(const MappingInputs mappings, loadMappings(args->mappings));
    if (mappings.methodMapping) {
      return about(mappings.methodMappingPaths.front(),
                   core::invalidInput("a methodMapping.txt names Matrix method ids, which an ANR dump has none of; "
                                      "give the build's R8/ProGuard mapping.txt"));
    }
    ASSIGN_OR_RETURN(auto report, about(args->file, anr::parseAnrTrace(text)));
    anr::AnrReport r = *report;
    if (mappings.r8) anr::deobfuscateAnr(r, *mappings.r8);
    printParseProblems(r.problems, args->file);
    if (args->format == OutputFormat::kJson) {
      ordered_json j = anr::anrReportToJson(r);
      if (!args->mappings.empty()) j["mappings"] = mappingsToJson(mappings);
      printJson(j);
      return 0;
    }
    if (!r.subject.empty()) std::printf("Subject: %s\n", r.subject.c_str());
    for (const auto& p : r.processes) {
      std::printf("pid %lld  %s  %zu thread(s)%s%s\n", static_cast<long long>(p.pid), p.cmdline.c_str(),
                  p.threads.size(), p.nativeOnly ? "  (native only: kernel wait channels)" : "",
                  p.complete ? "" : "  (truncated)");
    }
    if (const anr::AnrThread* main = r.mainThread()) {
      if (main->tid >= 0) {
        std::printf("\nmain thread: %s (tid %lld, prio %d)\n", main->state.c_str(), static_cast<long long>(main->tid),
                    main->prio);
      } else {  // a native-only dump knows it by its Linux tid alone (no ART tid, no priority)
        std::printf("\nmain thread: %s (sysTid %lld)\n", main->state.c_str(), static_cast<long long>(main->sysTid));
      }
      for (const auto& f : main->frames) {
        const bool raw = f.starts_with("native:") || f.starts_with("kernel:") || f.starts_with("wchan:");
        std::printf("  %s%s\n", raw ? "" : "at ", f.c_str());
      }
      if (main->waitingToLock) {
        std::printf("  waiting to lock <%s> (%s) held by thread %lld\n", main->waitingToLock->lock.c_str(),
                    main->waitingToLock->lockClass.c_str(), static_cast<long long>(main->waitingToLock->heldByTid));
      }
    }
    auto printChain = [&](const anr::BlockingChain& c) {
      std::string s = "  pid " + std::to_string(c.pid) + ": ";
      for (size_t k = 0; k < c.tids.size(); ++k) s += (k ? " -> " : "") + std::to_string(c.tids[k]);
      std::printf("%s%s\n", s.c_str(), c.endsInCycle ? " (cycle)" : c.tids.size() == 1 ? " -> (holder not named)" : "");
    };
    if (!r.blockingChains.empty()) {
      std::printf("\nblocking chains (waiting thread -> lock holder, by tid):\n");
      for (const auto& c : r.blockingChains) printChain(c);
    }
    std::printf("\n%zu deadlock(s)\n", r.deadlocks.size());
    for (const auto& c : r.deadlocks) printChain(c);
    return 0;
  });
}

void registerFramestats(CLI::App& parent, int& exitCode) {
  auto* cmd = parent.add_subcommand(
      "framestats", "`dumpsys gfxinfo <pkg> framestats`: per window drop levels, FPS, percentiles, slow-frame stages");
  struct Args {
    std::string file;
    framestats::DropThresholds levels;
    double refreshHz = 60;
    double sliceMs = 0;
    OutputFormat format = OutputFormat::kText;
  };
  auto args = std::make_shared<Args>();
  cmd->add_option("FILE", args->file, "framestats output, or - for stdin")->required();
  cmd->add_option("--refresh-hz", args->refreshHz,
                  "Display refresh rate when the data has no period column (default 60)");
  addDropLevelsOption(*cmd, args->levels);
  cmd->add_option("--slice-ms", args->sliceMs, "Also report stats per time slice of this length");
  addFormatOption(*cmd, args->format);
  setCommandBody(*cmd, exitCode, "parse framestats", [args]() -> CommandResult {
    const framestats::DropThresholds& thresholds = args->levels;
    ASSIGN_OR_RETURN(auto text, readTextInput(args->file));
    ASSIGN_OR_RETURN(auto capture, about(args->file, framestats::parseFramestats(text, {args->refreshHz})));
    printParseProblems(capture->problems, args->file);
    ordered_json windows = ordered_json::array();
    for (const auto& w : capture->windows) {
      const framestats::FrameStats s = framestats::computeFrameStats(w.frames, thresholds);
      const double hz = w.refreshPeriodNs ? 1e9 / static_cast<double>(w.refreshPeriodNs) : 0;
      const auto slices = args->sliceMs > 0
                              ? framestats::sliceFrames(w.frames, static_cast<int64_t>(args->sliceMs * 1e6), thresholds)
                              : std::vector<framestats::FrameSlice>();
      if (args->format == OutputFormat::kJson) {
        ordered_json j;
        j["name"] = w.name;
        j["process"] = w.process;
        j["pid"] = w.pid;
        j["refreshHz"] = hz;
        j["refreshSource"] = w.periodSource;
        j.update(framestats::frameStatsToJson(s));
        ordered_json sl = ordered_json::array();
        for (const auto& slice : slices) {
          ordered_json sj = framestats::frameStatsToJson(slice.stats);
          sj["startMs"] = static_cast<double>(slice.startNs - w.frames.front().startNs) / 1e6;
          sl.push_back(std::move(sj));
        }
        if (args->sliceMs > 0) j["slices"] = std::move(sl);
        windows.push_back(std::move(j));
        continue;
      }
      std::printf("%s%s%s\n", w.name.c_str(), w.process.empty() || w.process == w.name ? "" : "  in ",
                  w.process == w.name ? "" : w.process.c_str());
      if (w.frames.empty()) {
        std::printf("  no frames\n\n");
        continue;
      }
      std::printf("  %llu frames (+%llu flagged), %.1f Hz (%s)\n", static_cast<unsigned long long>(s.frames),
                  static_cast<unsigned long long>(s.flaggedFrames), hz,
                  w.periodSource == "data" ? "from the data" : "--refresh-hz");
      std::printf("  FPS %.1f  jank %.1f%%  p50 %.2f  p90 %.2f  p95 %.2f  p99 %.2f  max %.2f ms\n", s.fps,
                  s.jankPercent, s.p50Ms, s.p90Ms, s.p95Ms, s.p99Ms, s.maxMs);
      std::printf("  levels best %llu  normal %llu  middle %llu  high %llu  frozen %llu\n",
                  static_cast<unsigned long long>(s.levels[0]), static_cast<unsigned long long>(s.levels[1]),
                  static_cast<unsigned long long>(s.levels[2]), static_cast<unsigned long long>(s.levels[3]),
                  static_cast<unsigned long long>(s.levels[4]));
      if (s.jankFrames) {
        std::printf("  slow frames (%llu) dominated by:", static_cast<unsigned long long>(s.jankFrames));
        for (size_t k = 0; k < framestats::kFrameStageCount; ++k) {
          if (s.dominantStages[k]) {
            std::printf(" %s %llu",
                        std::string(framestats::frameStageName(static_cast<framestats::FrameStage>(k))).c_str(),
                        static_cast<unsigned long long>(s.dominantStages[k]));
          }
        }
        std::printf("\n");
      }
      for (const auto& slice : slices) {
        std::printf("    +%8.0f ms  %4llu frames  FPS %5.1f  jank %5.1f%%  p90 %.2f ms\n",
                    static_cast<double>(slice.startNs - w.frames.front().startNs) / 1e6,
                    static_cast<unsigned long long>(slice.stats.frames), slice.stats.fps, slice.stats.jankPercent,
                    slice.stats.p90Ms);
      }
      std::printf("\n");
    }
    if (args->format == OutputFormat::kJson) {
      ordered_json j;
      j["windows"] = std::move(windows);
      j["problems"] = json::problemsToJson(capture->problems);
      printJson(j);
    }
    return 0;
  });
}

}  // namespace

void registerParseCommand(CLI::App& root, int& exitCode) {
  auto* cmd = root.add_subcommand("parse",
                                  "Decode raw captures: Matrix issues, ANR traces, gfxinfo framestats, ART method "
                                  "traces, dumpsys meminfo, dumpsys dbinfo, StrictMode reports");
  cmd->require_subcommand(1);
  registerIssues(*cmd, exitCode);
  registerAnr(*cmd, exitCode);
  registerFramestats(*cmd, exitCode);
  registerParseTrace(*cmd, exitCode);
  registerParseMeminfo(*cmd, exitCode);
  registerParseDbinfo(*cmd, exitCode);
  registerParseStrictMode(*cmd, exitCode);
}

}  // namespace mxi::cli
