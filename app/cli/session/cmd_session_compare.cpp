// `mxi session compare BASE NEW`: regressions between two builds; exit code 3 on regression, for CI.
#include <cstdio>

#include "app/cli/session/session_files.h"
#include "core/exports/html_report.h"
#include "core/exports/session_json.h"
#include "core/json/json_writer.h"
#include "core/sessioncompare/session_compare.h"

namespace mxi::cli {

namespace session = core::session;
namespace meminfo = core::meminfo;
namespace sessioncompare = core::sessioncompare;
namespace json = core::json;
namespace matrix = core::matrix;
namespace exports = core::exports;

namespace {

// Old Matrix versions end a stackKey with a newline ("83033\n", "0,30,1,56\n"): each verdict
// stays on its one line.
std::string oneLine(std::string text) {
  while (!text.empty() && (text.back() == '\n' || text.back() == '\r')) text.pop_back();
  for (char& c : text) {
    if (c == '\n' || c == '\r') c = ' ';
  }
  return text;
}

}  // namespace
using nlohmann::ordered_json;

constexpr int kRegressionExitCode = 3;

void registerSessionCompare(CLI::App& parent, int& exitCode) {
  auto* cmd = parent.add_subcommand("compare",
                                    "Regressions from BASE to NEW: frame times per scene (Mann-Whitney U), evil "
                                    "methods, ANRs, IO, startup, memory per category (Mann-Whitney U); exit code 3 on "
                                    "regression");
  struct Args {
    std::string base, next, format = "text", output;
    sessioncompare::CompareThresholds t;
    bool quiet = false;
  };
  auto args = std::make_shared<Args>();
  cmd->add_option("BASE", args->base, "Baseline session (.mxs)")->required();
  cmd->add_option("NEW", args->next, "New session (.mxs)")->required();
  cmd->add_option("--format", args->format, "text, json or html")
      ->check(CLI::IsMember({"text", "json", "html"}))
      ->default_str("text");
  cmd->add_option("-o,--output", args->output, "Write the report here instead of stdout");
  cmd->add_option("--alpha", args->t.alpha, "Significance level of the frame-time test (default 0.01)");
  cmd->add_option("--min-increase-pct", args->t.minFrameTimeIncreasePct,
                  "Median frame time growth that matters (default 5)");
  cmd->add_option("--min-frames", args->t.minFrames, "Scenes with fewer frames are not judged (default 30)");
  cmd->add_option("--evil-slower-pct", args->t.evilSlowerPct,
                  "Evil method median cost growth that counts (default 20)");
  cmd->add_option("--evil-slower-ms", args->t.evilSlowerMinMs, "… and at least this many ms (default 50)");
  cmd->add_option("--startup-slower-pct", args->t.startupSlowerPct, "Startup growth that counts (default 10)");
  cmd->add_option("--startup-slower-ms", args->t.startupSlowerMinMs, "… and at least this many ms (default 50)");
  cmd->add_option("--memory-growth-pct", args->t.memoryGrowthPct,
                  "Median memory growth of a category that counts (default 10)");
  cmd->add_option("--memory-growth-kb", args->t.memoryGrowthMinKb, "… and at least this many kB (default 1024)");
  cmd->add_option("--min-memory-samples", args->t.minMemorySamples,
                  "Memory categories with fewer samples are not judged (default 10)");
  addDropLevelsOption(*cmd, args->t.dropThresholds);
  addQuietFlag(*cmd, args->quiet);
  setCommandBody(*cmd, exitCode, "session compare", [args]() -> CommandResult {
    ASSIGN_OR_RETURN(const auto base, loadSessionFile(args->base, args->quiet));
    ASSIGN_OR_RETURN(const auto next, loadSessionFile(args->next, args->quiet));
    const sessioncompare::SessionComparison c = sessioncompare::compareSessions(*base, *next, args->t);
    std::string out;
    if (args->format == "json") {
      ordered_json j = exports::comparisonToJson(c);
      j["base"] = args->base;
      j["new"] = args->next;
      out = json::dumpJson(j, 2) + "\n";
    } else if (args->format == "html") {
      out = exports::comparisonToHtml(c, args->base, args->next);
    } else {
      char line[512];
      for (const auto& s : c.scenes) {
        std::snprintf(line, sizeof line, "%-12s FPS %5.1f -> %5.1f  p50 %6.2f -> %6.2f ms  median %+6.1f%%  p=%.3g  ",
                      std::string(sessioncompare::verdictName(s.verdict)).c_str(), s.base.fps, s.next.fps, s.base.p50Ms,
                      s.next.p50Ms, s.medianChangePct, s.test.pGreater);
        out += line + s.scene + "\n";
      }
      // Names and paths are appended, not formatted into `line`: a long one must not be cut.
      for (const auto& e : c.evilMethods) {
        const std::string key = oneLine(e.stackKey);
        const std::string what = e.methodName.empty() ? key : key + " " + e.methodName;
        std::snprintf(line, sizeof line, "%-12s evil method ",
                      std::string(sessioncompare::verdictName(e.verdict)).c_str());
        out += line + what + " (" + e.detail + ")";
        std::snprintf(line, sizeof line, ": %llu -> %llu issues, median %lld -> %lld ms\n",
                      static_cast<unsigned long long>(e.baseCount), static_cast<unsigned long long>(e.nextCount),
                      static_cast<long long>(e.baseMedianMs), static_cast<long long>(e.nextMedianMs));
        out += line;
      }
      for (const auto& e : c.io) {
        std::snprintf(line, sizeof line, "%-12s io %s ", std::string(sessioncompare::verdictName(e.verdict)).c_str(),
                      std::string(matrix::ioIssueTypeName(e.type)).c_str());
        out += line + e.path;
        std::snprintf(line, sizeof line, ": %llu -> %llu\n", static_cast<unsigned long long>(e.baseCount),
                      static_cast<unsigned long long>(e.nextCount));
        out += line;
      }
      for (const auto& s : c.startup) {
        std::snprintf(line, sizeof line, "%-12s startup %s: %.0f -> %.0f ms\n", s.regression ? "regression" : "same",
                      s.metric.c_str(), s.baseMs, s.nextMs);
        out += line;
      }
      if (c.startupRuns) {
        out += std::string(c.startupRuns->regression ? "regression" : "same")
                   .append(12 - (c.startupRuns->regression ? 10 : 4), ' ') +
               " startup runs " + std::string(core::startup::figureLabel(c.startupRuns->figure)) + ": " +
               c.startupRuns->words() + "\n";
      }
      for (const auto& m : c.memory) {
        std::snprintf(line, sizeof line, "%-12s memory %-13s median %lld -> %lld kB  %+lld kB (%+.1f%%)  p=%.3g\n",
                      std::string(sessioncompare::verdictName(m.verdict)).c_str(),
                      std::string(meminfo::memoryCategoryKey(m.category)).c_str(),
                      static_cast<long long>(m.baseMedianKb), static_cast<long long>(m.nextMedianKb),
                      static_cast<long long>(m.deltaKb), m.changePct, m.test.pGreater);
        out += line;
      }
      for (const auto& q : c.sql) {
        std::snprintf(line, sizeof line, "%-12s sql %llu -> %llu runs, %lld -> %lld ms: ",
                      std::string(sessioncompare::verdictName(q.verdict)).c_str(),
                      static_cast<unsigned long long>(q.baseCount), static_cast<unsigned long long>(q.nextCount),
                      static_cast<long long>(q.baseTotalMs), static_cast<long long>(q.nextTotalMs));
        out += line + oneLine(q.shape) + "\n";
      }
      std::snprintf(line, sizeof line, "ANRs: %llu -> %llu\n", static_cast<unsigned long long>(c.baseAnrs),
                    static_cast<unsigned long long>(c.nextAnrs));
      out += line;
      out += c.hasRegression() ? "REGRESSION:\n" : "no regression beyond the thresholds\n";
      for (const auto& r : c.regressions) out += "  " + oneLine(r) + "\n";
    }
    RETURN_IF_ERROR(writeOutput(args->output, out));
    return c.hasRegression() ? kRegressionExitCode : 0;
  });
}

}  // namespace mxi::cli
