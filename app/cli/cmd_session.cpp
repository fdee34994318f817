// `mxi session info|summary|compare|export|import`: recorded sessions (.mxs) — a quick look,
// regressions between two builds (exit code 3, for CI), exports for browsers and Perfetto, and
// sessions made from raw captures.
#include <cstdio>
#include <fstream>

#include <nlohmann/json.hpp>

#include "app/cli/commands.h"
#include "app/cli/text_input.h"
#include "core/session/chrome_trace.h"
#include "core/session/html_report.h"
#include "core/session/session_compare.h"
#include "core/session/session_import.h"
#include "core/session/session_json.h"
#include "core/session/session_reader.h"
#include "core/session/session_span.h"
#include "core/trace/json_reader.h"
#include "mxi/version.h"

namespace mxi::cli {

namespace session = core::session;
namespace trace = core::trace;
using nlohmann::ordered_json;

namespace {

constexpr int kRegressionExitCode = 3;

// Writes to `path`, or stdout when empty or "-".
core::Status writeOutput(const std::string& path, const std::string& text) {
  if (path.empty() || path == "-") {
    std::fwrite(text.data(), 1, text.size(), stdout);
    return core::okStatus();
  }
  std::ofstream out(path, std::ios::binary | std::ios::trunc);
  out.write(text.data(), static_cast<std::streamsize>(text.size()));
  out.close();
  return out ? core::okStatus() : core::ioError("cannot write " + path);
}

core::StatusOr<trace::DropThresholds> thresholdsFrom(const std::string& text) {
  int l[4];
  if (!parseDropLevels(text, l)) return core::invalidInput("--drop-levels needs four ascending positive integers");
  return trace::DropThresholds{l[0], l[1], l[2], l[3]};
}

core::StatusOr<std::shared_ptr<const session::SessionData>> load(const std::string& path, bool quiet) {
  auto reader = session::SessionReader::open(path);
  if (!reader.ok()) return reader.status().withContext(path);
  for (const auto& note : (*reader)->recovery().notes) {
    if (!(*reader)->recovery().intact() || !quiet) std::fprintf(stderr, "mxi: %s: %s\n", path.c_str(), note.c_str());
  }
  TerminalProgress progress(!quiet);
  auto data = session::loadSession(**reader, progress, processCancelToken());
  if (!data.ok()) return data.status().withContext(path);
  return data;
}

void printRecovery(const session::RecoveryReport& r) {
  std::printf("closed cleanly: %s\n", r.cleanClose ? "yes" : "no");
  if (!r.intact()) {
    std::printf("damage: %llu torn byte(s) at the end, %llu corrupt byte(s) skipped, %llu record(s) lost%s\n",
                static_cast<unsigned long long>(r.tornBytes), static_cast<unsigned long long>(r.corruptBytes),
                static_cast<unsigned long long>(r.lostRecords), r.lostRecordsExact ? "" : " or more");
  }
  for (const auto& n : r.notes) std::printf("  %s\n", n.c_str());
}

void registerInfo(CLI::App& parent, int& exitCode) {
  auto* cmd = parent.add_subcommand("info", "Header, blocks, records and integrity of a session file");
  struct Args {
    std::string file;
    OutputFormat format = OutputFormat::kText;
  };
  auto args = std::make_shared<Args>();
  cmd->add_option("FILE", args->file, "Session (.mxs)")->required();
  addFormatOption(*cmd, args->format);
  cmd->callback([&exitCode, args] {
    auto reader = session::SessionReader::open(args->file);
    if (!reader.ok()) {
      exitCode = reportError(reader.status(), args->file);
      return;
    }
    const auto& r = **reader;
    if (args->format == OutputFormat::kJson) {
      ordered_json j;
      j["path"] = args->file;
      j["header"] = session::headerToJson(r.header());
      j["recovery"] = session::recoveryToJson(r.recovery());
      j["blocks"] = r.blocks().size();
      j["records"] = r.recordCount();
      printJson(j);
      return;
    }
    const auto& h = r.header();
    std::printf("session format %u\napp: %s\ndevice: %s\nagent: %s\nstarted: %lld (unix ms)\nrefresh: %.2f Hz\n",
                h.formatVersion, h.app.c_str(), h.device.c_str(), h.agentVersion.c_str(),
                static_cast<long long>(h.startTimeUnixMs), h.refreshHz);
    for (const auto& [k, v] : h.extras) std::printf("%s: %s\n", k.c_str(), v.c_str());
    std::printf("%llu bytes, %zu block(s), %llu record(s)\n", static_cast<unsigned long long>(r.recovery().fileBytes),
                r.blocks().size(), static_cast<unsigned long long>(r.recordCount()));
    printRecovery(r.recovery());
  });
}

void registerSummary(CLI::App& parent, int& exitCode) {
  auto* cmd = parent.add_subcommand("summary", "Frames, drop levels, FPS and percentiles per scene, issue counts (from block summaries: fast on any size)");
  struct Args {
    std::string file;
    OutputFormat format = OutputFormat::kText;
  };
  auto args = std::make_shared<Args>();
  cmd->add_option("FILE", args->file, "Session (.mxs)")->required();
  addFormatOption(*cmd, args->format);
  cmd->callback([&exitCode, args] {
    auto reader = session::SessionReader::open(args->file);
    if (!reader.ok()) {
      exitCode = reportError(reader.status(), args->file);
      return;
    }
    const auto s = (*reader)->summarize();
    std::vector<session::SessionFrameGap> gaps;
    if (s.frameGaps > 0) {
      auto read = session::readFrameGaps(**reader);
      if (!read.ok()) {
        exitCode = reportError(read.status(), args->file);
        return;
      }
      gaps = std::move(read).value();
    }
    if (args->format == OutputFormat::kJson) {
      ordered_json j = session::summaryToJson(s);
      j["app"] = (*reader)->header().app;
      j["device"] = (*reader)->header().device;
      j["intact"] = (*reader)->recovery().intact();
      j["frameGapList"] = session::frameGapsToJson(gaps);
      printJson(j);
      return;
    }
    std::printf("%s on %s: %.1f s, %llu frames (+%llu flagged), %llu issues, %llu ANRs, %llu marks, %llu heap dumps\n",
                (*reader)->header().app.c_str(), (*reader)->header().device.c_str(), s.durationMs() / 1000,
                static_cast<unsigned long long>(s.frames), static_cast<unsigned long long>(s.flaggedFrames),
                static_cast<unsigned long long>(s.issues), static_cast<unsigned long long>(s.anrs),
                static_cast<unsigned long long>(s.marks), static_cast<unsigned long long>(s.heapDumps));
    auto row = [](const session::SceneFrameSummary& sc, const std::string& name) {
      std::printf("  %-60s %8llu  FPS %5.1f  jank %5.1f%%  p50 %6.1f  p90 %6.1f  p99 %6.1f ms  levels %llu/%llu/%llu/%llu/%llu\n",
                  name.c_str(), static_cast<unsigned long long>(sc.frames), sc.fps(),
                  sc.frames ? 100.0 * static_cast<double>(sc.jankFrames) / static_cast<double>(sc.frames) : 0.0,
                  sc.percentileMs(50), sc.percentileMs(90), sc.percentileMs(99),
                  static_cast<unsigned long long>(sc.levels[0]), static_cast<unsigned long long>(sc.levels[1]),
                  static_cast<unsigned long long>(sc.levels[2]), static_cast<unsigned long long>(sc.levels[3]),
                  static_cast<unsigned long long>(sc.levels[4]));
    };
    if (s.offClockNs != 0) {
      std::printf("clocks disagree: %s\n", session::describeOffClock({s.firstTimeNs, s.lastTimeNs, s.offClockNs}).c_str());
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
    if (!(*reader)->recovery().intact()) printRecovery((*reader)->recovery());
  });
}

void registerCompare(CLI::App& parent, int& exitCode) {
  auto* cmd = parent.add_subcommand(
      "compare", "Regressions from BASE to NEW: frame times per scene (Mann-Whitney U), evil methods, ANRs, IO, startup; exit code 3 on regression");
  struct Args {
    std::string base, next, format = "text", output, levels = "3,9,24,42";
    session::CompareThresholds t;
    bool quiet = false;
  };
  auto args = std::make_shared<Args>();
  cmd->add_option("BASE", args->base, "Baseline session (.mxs)")->required();
  cmd->add_option("NEW", args->next, "New session (.mxs)")->required();
  cmd->add_option("--format", args->format, "text, json or html")->check(CLI::IsMember({"text", "json", "html"}))->default_str("text");
  cmd->add_option("-o,--output", args->output, "Write the report here instead of stdout");
  cmd->add_option("--alpha", args->t.alpha, "Significance level of the frame-time test (default 0.01)");
  cmd->add_option("--min-increase-pct", args->t.minFrameTimeIncreasePct, "Median frame time growth that matters (default 5)");
  cmd->add_option("--min-frames", args->t.minFrames, "Scenes with fewer frames are not judged (default 30)");
  cmd->add_option("--evil-slower-pct", args->t.evilSlowerPct, "Evil method median cost growth that counts (default 20)");
  cmd->add_option("--evil-slower-ms", args->t.evilSlowerMinMs, "… and at least this many ms (default 50)");
  cmd->add_option("--startup-slower-pct", args->t.startupSlowerPct, "Startup growth that counts (default 10)");
  cmd->add_option("--startup-slower-ms", args->t.startupSlowerMinMs, "… and at least this many ms (default 50)");
  cmd->add_option("--drop-levels", args->levels, "Lower bounds of Normal,Middle,High,Frozen in dropped frames (default 3,9,24,42)");
  cmd->add_flag("-q,--quiet", args->quiet, "No progress on stderr");
  cmd->callback([&exitCode, args] {
    auto thresholds = thresholdsFrom(args->levels);
    if (!thresholds.ok()) {
      exitCode = reportError(thresholds.status(), "session compare");
      return;
    }
    args->t.dropThresholds = *thresholds;
    auto base = load(args->base, args->quiet);
    if (!base.ok()) {
      exitCode = reportError(base.status(), "session compare");
      return;
    }
    auto next = load(args->next, args->quiet);
    if (!next.ok()) {
      exitCode = reportError(next.status(), "session compare");
      return;
    }
    const session::SessionComparison c = session::compareSessions(**base, **next, args->t);
    std::string out;
    if (args->format == "json") {
      ordered_json j = session::comparisonToJson(c);
      j["base"] = args->base;
      j["new"] = args->next;
      out = trace::dumpJson(j, 2) + "\n";
    } else if (args->format == "html") {
      out = session::comparisonToHtml(c, args->base, args->next);
    } else {
      char line[512];
      for (const auto& s : c.scenes) {
        std::snprintf(line, sizeof line, "%-12s FPS %5.1f -> %5.1f  p50 %6.2f -> %6.2f ms  median %+6.1f%%  p=%.3g  ",
                      std::string(session::verdictName(s.verdict)).c_str(), s.base.fps, s.next.fps, s.base.p50Ms,
                      s.next.p50Ms, s.medianChangePct, s.test.pGreater);
        out += line + s.scene + "\n";
      }
      for (const auto& e : c.evilMethods) {
        std::snprintf(line, sizeof line, "%-12s evil method %s (%s): %llu -> %llu issues, median %lld -> %lld ms\n",
                      std::string(session::verdictName(e.verdict)).c_str(), e.stackKey.c_str(), e.detail.c_str(),
                      static_cast<unsigned long long>(e.baseCount), static_cast<unsigned long long>(e.nextCount),
                      static_cast<long long>(e.baseMedianMs), static_cast<long long>(e.nextMedianMs));
        out += line;
      }
      for (const auto& e : c.io) {
        std::snprintf(line, sizeof line, "%-12s io %s %s: %llu -> %llu\n", std::string(session::verdictName(e.verdict)).c_str(),
                      std::string(trace::ioIssueTypeName(e.type)).c_str(), e.path.c_str(),
                      static_cast<unsigned long long>(e.baseCount), static_cast<unsigned long long>(e.nextCount));
        out += line;
      }
      for (const auto& s : c.startup) {
        std::snprintf(line, sizeof line, "%-12s startup %s: %.0f -> %.0f ms\n", s.regression ? "regression" : "same",
                      s.metric.c_str(), s.baseMs, s.nextMs);
        out += line;
      }
      std::snprintf(line, sizeof line, "ANRs: %llu -> %llu\n", static_cast<unsigned long long>(c.baseAnrs),
                    static_cast<unsigned long long>(c.nextAnrs));
      out += line;
      out += c.hasRegression() ? "REGRESSION:\n" : "no regression beyond the thresholds\n";
      for (const auto& r : c.regressions) out += "  " + r + "\n";
    }
    const core::Status written = writeOutput(args->output, out);
    if (!written.ok()) {
      exitCode = reportError(written, "session compare");
      return;
    }
    exitCode = c.hasRegression() ? kRegressionExitCode : 0;
  });
}

void registerExport(CLI::App& parent, int& exitCode) {
  auto* cmd = parent.add_subcommand("export", "Export a session: JSON of everything, a self-contained HTML report, or Chrome trace-event JSON (Perfetto UI)");
  struct Args {
    std::string file, to, output, levels = "3,9,24,42";
    double sliceMs = 1000;
    bool quiet = false;
  };
  auto args = std::make_shared<Args>();
  cmd->add_option("FILE", args->file, "Session (.mxs)")->required();
  cmd->add_option("--slice-ms", args->sliceMs, "Time slice of the per-scene slice stats in the JSON export (default 1000)")
      ->check(CLI::Range(1.0, 86'400'000.0));
  cmd->add_option("--to", args->to, "json, html or chrome-trace")->required()->check(CLI::IsMember({"json", "html", "chrome-trace"}));
  cmd->add_option("-o,--output", args->output, "Output file (default stdout)");
  cmd->add_option("--drop-levels", args->levels, "Lower bounds of Normal,Middle,High,Frozen in dropped frames (default 3,9,24,42)");
  cmd->add_flag("-q,--quiet", args->quiet, "No progress on stderr");
  cmd->callback([&exitCode, args] {
    auto thresholds = thresholdsFrom(args->levels);
    if (!thresholds.ok()) {
      exitCode = reportError(thresholds.status(), "session export");
      return;
    }
    auto data = load(args->file, args->quiet);
    if (!data.ok()) {
      exitCode = reportError(data.status(), "session export");
      return;
    }
    std::string out;
    if (args->to == "json") {
      out = trace::dumpJson(session::sessionToJson(**data, *thresholds, static_cast<int64_t>(args->sliceMs * 1e6)), 2) +
            "\n";
    } else if (args->to == "html") {
      out = session::sessionToHtml(**data, *thresholds);
    } else {
      out = trace::dumpJson(session::sessionToChromeTrace(**data, *thresholds)) + "\n";
    }
    const core::Status written = writeOutput(args->output, out);
    if (!written.ok()) exitCode = reportError(written, "session export");
  });
}

void registerImport(CLI::App& parent, int& exitCode) {
  auto* cmd = parent.add_subcommand("import", "Make a session from raw captures (framestats, Matrix issues, ANR traces) without a device");
  struct Args {
    std::vector<std::string> framestats, issues, anrs;
    std::string output, app, device;
    double refreshHz = 60;
    OutputFormat format = OutputFormat::kText;
  };
  auto args = std::make_shared<Args>();
  cmd->add_option("--framestats", args->framestats, "`dumpsys gfxinfo … framestats` output (repeatable; each window becomes a scene)");
  cmd->add_option("--issues", args->issues, "Matrix issues in any shape `mxi parse issues` reads (repeatable)");
  cmd->add_option("--anr", args->anrs, "ANR traces.txt (repeatable)");
  cmd->add_option("-o,--output", args->output, "Session file to write (.mxs)")->required();
  cmd->add_option("--app", args->app, "App package for the header (default: the issues' process)");
  cmd->add_option("--device", args->device, "Device description for the header");
  cmd->add_option("--refresh-hz", args->refreshHz, "Refresh rate for framestats without a period column (default 60)");
  addFormatOption(*cmd, args->format);
  cmd->callback([&exitCode, args] {
    session::ImportInputs in;
    in.refreshHz = args->refreshHz;
    in.framestatsNames = args->framestats;  // errors and warnings name the file
    in.issueNames = args->issues;
    in.anrNames = args->anrs;
    auto readAll = [&](const std::vector<std::string>& paths, std::vector<std::string>& out) {
      for (const auto& p : paths) {
        auto text = readTextInput(p);
        if (!text.ok()) return text.status();
        out.push_back(std::move(text).value());
      }
      return core::okStatus();
    };
    core::Status status = readAll(args->framestats, in.framestatsTexts);
    if (status.ok()) status = readAll(args->issues, in.issueTexts);
    if (status.ok()) status = readAll(args->anrs, in.anrTexts);
    if (!status.ok()) {
      exitCode = reportError(status, "session import");
      return;
    }
    session::SessionHeader header;
    header.app = args->app;
    header.device = args->device.empty() ? "imported captures" : args->device;
    header.agentVersion = std::string("mxi ") + kVersion + " (import)";
    session::WriterOptions options;
    options.fsync = session::FsyncPolicy::kOnFlush;
    auto report = session::importCaptures(in, args->output, header, options);
    if (!report.ok()) {
      exitCode = reportError(report.status(), "session import");
      return;
    }
    for (const auto& w : report->warnings) std::fprintf(stderr, "mxi: session import: %s\n", w.c_str());
    if (args->format == OutputFormat::kJson) {
      ordered_json j = {{"output", args->output}, {"windows", report->windows}, {"frames", report->frames},
                        {"issues", report->issues}, {"anrs", report->anrs}, {"warnings", report->warnings}};
      printJson(j);
    } else {
      std::printf("%s: %llu window(s), %llu frame(s), %llu issue(s), %llu ANR(s)\n", args->output.c_str(),
                  static_cast<unsigned long long>(report->windows), static_cast<unsigned long long>(report->frames),
                  static_cast<unsigned long long>(report->issues), static_cast<unsigned long long>(report->anrs));
    }
  });
}

}  // namespace

void registerSessionCommand(CLI::App& root, int& exitCode) {
  auto* cmd = root.add_subcommand("session", "Recorded sessions (.mxs): info, summary, compare, export, import");
  cmd->require_subcommand(1);
  registerInfo(*cmd, exitCode);
  registerSummary(*cmd, exitCode);
  registerCompare(*cmd, exitCode);
  registerExport(*cmd, exitCode);
  registerImport(*cmd, exitCode);
}

}  // namespace mxi::cli
