// `mxi parse dbinfo FILE`: `dumpsys dbinfo [package]` output from any release (Android 4.1's ring
// to SDK 36's, Samsung's), per process, per connection pool and per connection the ring of most
// recently executed operations (time, kind, ms, status, SQL), and the database files; as text or
// JSON. WCDB dumps and cut captures are reported with their line numbers.
#include <algorithm>
#include <cstdio>
#include <memory>
#include <optional>
#include <string>

#include "app/cli/commands.h"
#include "app/cli/text_input.h"
#include "core/dbinfo/dbinfo_json.h"
#include "core/dbinfo/dbinfo_text.h"

namespace mxi::cli {

namespace dbinfo = core::dbinfo;

namespace {

std::string optionalText(const std::optional<std::string>& s) { return s ? *s : "-"; }

void printConnection(const dbinfo::DbinfoConnection& c) {
  const std::string id = c.id ? "#" + std::to_string(*c.id) : "(header not in the capture)";
  std::printf("    connection %s%s: %zu operation(s)\n", id.c_str(),
              c.primary ? (*c.primary ? " (primary)" : " (non-primary)") : "", c.operations.size());
  if (c.operations.empty()) return;
  size_t timeWidth = 4, kindWidth = 4;
  for (const auto& op : c.operations) {
    timeWidth = std::max(timeWidth, op.timeText.size());
    kindWidth = std::max(kindWidth, op.kind.size());
  }
  const int tw = static_cast<int>(timeWidth), kw = static_cast<int>(kindWidth);
  std::printf("      %-*s  %-*s  %6s  %-9s  %s\n", tw, "time", kw, "kind", "ms", "status", "sql");
  for (const auto& op : c.operations) {
    const std::string ms = op.durationMs ? std::to_string(*op.durationMs) : "-";
    std::string sql = optionalText(op.sql);
    if (op.meminfoOwn) sql += "   (dumpsys meminfo's own)";
    std::printf("      %-*s  %-*s  %6s  %-9s  %s\n", tw, op.timeText.c_str(), kw, op.kind.c_str(), ms.c_str(),
                op.status.c_str(), sql.c_str());
  }
}

void printProcess(const dbinfo::DbinfoProcess& p) {
  if (p.pid) {
    std::printf("pid %d  %s\n", *p.pid, optionalText(p.process).c_str());
  } else {
    std::printf("pid ?  (no \"** Database info for pid\" header: an excerpt)\n");
  }
  for (const auto& pool : p.pools) {
    std::printf("  pool %s\n", pool.path.c_str());
    std::string facts;
    if (pool.open) facts += std::string("open ") + (*pool.open ? "yes" : "no");
    if (pool.maxConnections)
      facts += (facts.empty() ? "" : "  ") + std::string("max connections ") + std::to_string(*pool.maxConnections);
    if (pool.totalExecutionTimeMs) {
      facts += (facts.empty() ? "" : "  ") + std::string("total execution ") +
               std::to_string(*pool.totalExecutionTimeMs) + " ms";
    }
    if (!facts.empty()) std::printf("    %s\n", facts.c_str());
    if (pool.configuration) std::printf("    configuration: %s\n", pool.configuration->c_str());
    for (const auto& line : pool.samsungLines) std::printf("    %s\n", line.c_str());
    for (const auto& c : pool.connections) printConnection(c);
  }
  if (!p.files.empty()) {
    std::printf("  database files\n");
    for (const auto& f : p.files)
      std::printf("    %10lld  %s/%s\n", static_cast<long long>(f.bytes), f.directory.c_str(), f.name.c_str());
  }
  std::printf("\n");
}

}  // namespace

void registerParseDbinfo(CLI::App& parse, int& exitCode) {
  auto* cmd =
      parse.add_subcommand("dbinfo",
                           "`dumpsys dbinfo [package]`: per process and connection pool each connection's "
                           "most recently executed operations (time, kind, ms, status, SQL) and the database files");
  struct Args {
    std::string file;
    OutputFormat format = OutputFormat::kText;
  };
  auto args = std::make_shared<Args>();
  cmd->add_option("FILE", args->file, "dumpsys dbinfo output, or - for stdin")->required();
  addFormatOption(*cmd, args->format);
  setCommandBody(*cmd, exitCode, "parse dbinfo", [args]() -> CommandResult {
    ASSIGN_OR_RETURN(const auto text, readTextInput(args->file));
    const dbinfo::DbinfoReport report = dbinfo::parseDbinfo(text);
    printParseProblems(report.problems, args->file);
    if (args->format == OutputFormat::kJson) {
      printJson(dbinfo::dbinfoReportToJson(report));
    } else {
      for (const auto& p : report.processes) printProcess(p);
      std::printf("%zu process(es), %zu problem(s)\n", report.processes.size(), report.problems.size());
    }
    const bool anyPool = std::any_of(report.processes.begin(), report.processes.end(),
                                     [](const dbinfo::DbinfoProcess& p) { return !p.pools.empty(); });
    if (!anyPool) {
      std::fprintf(stderr, "mxi: parse dbinfo: %s: no \"Connection pool for PATH:\" block found\n", args->file.c_str());
      return static_cast<int>(ExitCode::kBadInput);
    }
    return 0;
  });
}

}  // namespace mxi::cli
