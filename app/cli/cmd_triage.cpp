// `mxi triage PATH…`: every capture under the paths analysed once into a triage store, then the
// distinct problems across all of them by impact; `mxi triage status SIGNATURE STATUS` keeps a
// verdict and a note across runs. docs/TRIAGE.md.
#include <unistd.h>

#include <cstdio>
#include <fstream>

#include <nlohmann/json.hpp>

#include "app/cli/commands.h"
#include "core/base/byte_units.h"
#include "core/triage/capture_files.h"
#include "core/triage/triage_html.h"
#include "core/triage/triage_run.h"

namespace mxi::cli {
namespace triage = core::triage;
namespace {

constexpr int kNewSignatureExit = 3;

// One rewritten line on a terminal; a line per finished capture otherwise (logs of CI runs).
class TriageProgressLine {
 public:
  explicit TriageProgressLine(bool enabled) : m_enabled(enabled), m_terminal(::isatty(STDERR_FILENO) == 1) {}
  ~TriageProgressLine() {
    if (m_enabled && m_terminal && m_printed) std::fputs("\n", stderr);
  }
  void operator()(const triage::TriageProgress& p) {
    if (!m_enabled || (!m_terminal && p.done == m_lastDone)) return;
    m_lastDone = p.done;
    std::string line = "triage: " + std::to_string(p.done) + "/" + std::to_string(p.total) + " captures";
    if (p.running) line += ", " + std::to_string(p.running) + " running";
    line += ", " + core::bytesText(p.bytesDone) + " of " + core::bytesText(p.bytesTotal) + " analysed, " +
            triage::clockText(p.elapsedSeconds) + " elapsed";
    if (p.etaSeconds >= 0 && p.done < p.total) line += ", ETA " + triage::clockText(p.etaSeconds);
    if (m_terminal) {
      std::fprintf(stderr, "\r%-100s", line.c_str());
    } else {
      std::fprintf(stderr, "%s\n", line.c_str());
    }
    std::fflush(stderr);
    m_printed = true;
  }

 private:
  bool m_enabled, m_terminal, m_printed = false;
  size_t m_lastDone = SIZE_MAX;
};

void printTable(const triage::TriageView& view, const triage::TriageRunReport* run) {
  if (run) {
    std::printf("%zu analysed, %zu skipped (already in the store), %zu failed in %.1f s\n", run->analysed, run->skipped,
                run->failed, run->seconds);
    for (const auto& c : run->captures) {
      if (c.outcome == triage::CaptureOutcome::kFailed)
        std::printf("  failed: %s: %s\n", c.path.c_str(), c.error.c_str());
    }
    if (run->rekeyed) {
      std::printf("%zu re-keyed: analysed again with the mapping now known, their earlier findings replaced\n",
                  run->rekeyed);
    }
    if (const auto without = run->withoutMapping(); run->mappingsUsed && !without.empty()) {
      std::printf("%zu capture(s) without a mapping (their names stay minified):\n", without.size());
      for (const auto* c : without) {
        std::printf("  no mapping: %s: %s\n", c->path.c_str(), c->noMapping.empty() ? "-" : c->noMapping.c_str());
      }
    }
  }
  std::printf("%zu signature(s) in %zu capture(s), store %s\n", view.signatures.size(), view.captures.size(),
              view.storeLocation.c_str());
  if (view.signatures.empty()) return;
  std::printf("%3s  %-11s %-44s %8s %12s  %-9s  %-16s  %-16s  %s\n", "#", "kind", "what", "captures", "max retained",
              "status", "first seen", "last seen", "signature");
  for (size_t i = 0; i < view.signatures.size(); ++i) {
    const auto& s = view.signatures[i];
    std::string what = s.className;
    if (what.size() > 44) what = "…" + what.substr(what.size() - 43);
    const bool isNew = view.newInThisRun.contains(s.signature);
    std::printf("%3zu  %-11s %-44s %8llu %12s  %-9s  %-16s  %-16s  %s%s\n", i + 1,
                std::string(triage::kindName(s.kind)).c_str(), what.c_str(),
                static_cast<unsigned long long>(s.captures),
                s.maxRetainedBytes ? core::bytesText(s.maxRetainedBytes).c_str() : "-",
                std::string(triage::statusName(s.status)).c_str(), triage::timeText(s.firstSeenMs).c_str(),
                triage::timeText(s.lastSeenMs).c_str(), s.signature.substr(0, 12).c_str(), isNew ? "  NEW" : "");
    if (!s.note.empty()) std::printf("       note: %s\n", s.note.c_str());
  }
}

nlohmann::ordered_json toJson(const triage::TriageView& view, const triage::TriageRunReport* run) {
  nlohmann::ordered_json j;
  j["store"] = view.storeLocation;
  j["analysed"] = run ? run->analysed : 0;
  j["skipped"] = run ? run->skipped : 0;
  j["failed"] = run ? run->failed : 0;
  j["rekeyed"] = run ? run->rekeyed : 0;
  auto captures = nlohmann::ordered_json::array();
  auto withoutMapping = nlohmann::ordered_json::array();
  if (run) {
    for (const auto& c : run->captures) {
      nlohmann::ordered_json e;
      e["path"] = c.path;
      e["status"] = triage::outcomeName(c.outcome);
      if (!c.error.empty()) e["error"] = c.error;
      e["hash"] = c.hash;
      e["mapping"] = c.mapping.empty() ? nlohmann::ordered_json() : nlohmann::ordered_json(c.mapping);
      if (!c.mappingPath.empty()) e["mappingFile"] = c.mappingPath;
      if (!c.noMapping.empty()) e["noMapping"] = c.noMapping;
      e["rekeyed"] = c.rekeyed;
      captures.push_back(std::move(e));
    }
    for (const auto* c : run->withoutMapping()) withoutMapping.push_back(c->path);
  }
  j["captures"] = captures;
  j["withoutMapping"] = withoutMapping;
  auto signatures = nlohmann::ordered_json::array();
  for (const auto& s : view.signatures) {
    nlohmann::ordered_json e;
    e["signature"] = s.signature;
    e["kind"] = triage::kindName(s.kind);
    if (!s.className.empty()) e["className"] = s.className;
    e["captures"] = s.captures;
    const bool retains = s.kind != triage::SignatureKind::kRegression && s.kind != triage::SignatureKind::kStrictMode &&
                         s.kind != triage::SignatureKind::kSqliteLint;
    if (retains) e["maxRetainedBytes"] = s.maxRetainedBytes;
    if (retains) e["totalRetainedBytes"] = s.totalRetainedBytes;
    e["status"] = triage::statusName(s.status);
    if (!s.note.empty()) e["note"] = s.note;
    e["firstSeen"] = s.firstSeenMs;
    e["lastSeen"] = s.lastSeenMs;
    e["new"] = view.newInThisRun.contains(s.signature);
    auto versions = nlohmann::ordered_json::array();
    if (const auto t = view.trends.find(s.signature); t != view.trends.end()) {
      for (const auto& v : t->second) {
        versions.push_back({{"appVersion", v.appVersion},
                            {"captures", v.captures},
                            {"affected", v.affected},
                            {"maxRetainedBytes", v.maxRetainedBytes}});
      }
    }
    e["byAppVersion"] = versions;
    signatures.push_back(std::move(e));
  }
  j["signatures"] = signatures;
  return j;
}

void registerStatusCommand(CLI::App& triageCommand, int& exitCode, std::shared_ptr<std::string> db) {
  auto* cmd =
      triageCommand.add_subcommand("status", "Set a signature's status (new, confirmed, ignored, fixed) and note");
  struct Args {
    std::string signature, status, note;
    bool noteGiven = false;
  };
  auto args = std::make_shared<Args>();
  cmd->add_option("SIGNATURE", args->signature, "The signature, or enough of its start to name one")->required();
  cmd->add_option("STATUS", args->status, "new, confirmed, ignored or fixed")
      ->required()
      ->check(CLI::IsMember({"new", "confirmed", "ignored", "fixed"}));
  cmd->add_option("--note", args->note, "A note kept with it (replaces the previous one)");
  cmd->add_option("--db", *db,
                  "Triage store: an SQLite file or postgresql://… (default " + triage::defaultStorePath() + ")");
  setCommandBody(*cmd, exitCode, "triage status", [args, db, cmd]() -> CommandResult {
    ASSIGN_OR_RETURN(auto store, triage::openTriageStore(db->empty() ? triage::defaultStorePath() : *db));
    std::string note = args->note;
    if (cmd->count("--note") == 0) {  // keep the note there is
      ASSIGN_OR_RETURN(const auto all, store->signatures());
      for (const auto& s : all) {
        if (s.signature.starts_with(args->signature)) note = s.note;
      }
    }
    RETURN_IF_ERROR(store->setStatus(args->signature, *triage::parseStatus(args->status), note));
    std::printf("%s: %s\n", args->signature.c_str(), args->status.c_str());
    return 0;
  });
}

}  // namespace

void registerTriageCommand(CLI::App& root, int& exitCode) {
  auto* cmd = root.add_subcommand(
      "triage",
      "Analyse many captures (heap dumps, Matrix upload zips, sessions, raw captures; folders recursively) into a "
      "triage store, then list their distinct problems by impact");
  struct Args {
    std::vector<std::string> paths;
    OutputFormat format = OutputFormat::kText;
    std::string html, failOn, mappingsDir, mapping;
    unsigned jobs = 0;
    uint64_t memoryMiB = 0;
    bool quiet = false;
  };
  auto args = std::make_shared<Args>();
  auto db = std::make_shared<std::string>();
  cmd->add_option("PATH", args->paths, "Captures or folders of captures (none: just show the store)");
  cmd->add_option("--db", *db,
                  "Triage store: an SQLite file or postgresql://user@host/db for a team (default " +
                      triage::defaultStorePath() + ")");
  addFormatOption(*cmd, args->format);
  cmd->add_option("--html", args->html, "Also write a self-contained HTML page for the team");
  cmd->add_option("--fail-on", args->failOn,
                  "new: exit 3 when a signature the store had not seen appears (not ignored)")
      ->check(CLI::IsMember({"new"}));
  cmd->add_option("--mappings", args->mappingsDir,
                  "R8/ProGuard mappings laid out as DIR/<package>/<versionCode>/mapping.txt: each capture is "
                  "analysed with its app version's (a sidecar <capture>.mapping.txt comes first), so signatures "
                  "are the same across builds; a capture stored without its mapping is re-keyed once it is here")
      ->check(CLI::ExistingDirectory);
  cmd->add_option("--mapping", args->mapping,
                  "A mapping.txt for the captures that neither a sidecar nor --mappings has one for")
      ->check(CLI::ExistingFile);
  cmd->add_option("--jobs", args->jobs, "Captures analysed at once at most (default: the cores)");
  cmd->add_option("--memory-budget", args->memoryMiB,
                  "MiB the captures analysed at once may use together (default: 60% of available memory)");
  addQuietFlag(*cmd, args->quiet);
  cmd->require_subcommand(0, 1);
  registerStatusCommand(*cmd, exitCode, db);
  // CLI11 runs this after `status`'s own callback: its exit code stands.
  setCommandBody(*cmd, exitCode, "triage", [args, db, cmd, &exitCode]() -> CommandResult {
    if (cmd->got_subcommand("status")) return exitCode;
    const std::string location = db->empty() ? triage::defaultStorePath() : *db;
    ASSIGN_OR_RETURN(auto store, triage::openTriageStore(location));
    std::optional<triage::TriageRunReport> run;
    if (!args->paths.empty()) {
      ASSIGN_OR_RETURN(const auto files, triage::findCaptures(args->paths));
      triage::TriageOptions options;
      options.mappings = std::make_shared<triage::MappingCatalog>(args->mappingsDir, args->mapping);
      RETURN_IF_ERROR(options.mappings->checkFallback());
      options.workers = args->jobs;
      options.memoryBudgetBytes = args->memoryMiB << 20;
      TriageProgressLine line(!args->quiet);
      ASSIGN_OR_RETURN(run, triage::runTriage(files, *store, options, std::ref(line), processCancelToken()));
    }
    ASSIGN_OR_RETURN(auto view, triage::readTriageView(*store, run ? &run->signaturesBefore : nullptr));
    if (run) {
      view.mappingsUsed = run->mappingsUsed;
      for (const auto& c : run->captures) {
        if (!c.noMapping.empty()) view.noMappingReasons[c.hash] = c.noMapping;
      }
    }
    bool newAppeared = false;
    for (const auto& s : view.signatures) {
      newAppeared |= view.newInThisRun.contains(s.signature) && s.status != triage::SignatureStatus::kIgnored;
    }
    if (!args->html.empty()) {
      std::ofstream out(args->html, std::ios::binary | std::ios::trunc);
      out << triage::triageHtml(view);
      if (!out.flush()) return core::ioError(args->html + ": cannot write");
    }
    if (args->format == OutputFormat::kJson) {
      printJson(toJson(view, run ? &*run : nullptr));
    } else {
      printTable(view, run ? &*run : nullptr);
    }
    return args->failOn == "new" && newAppeared ? kNewSignatureExit : 0;
  });
}

}  // namespace mxi::cli
