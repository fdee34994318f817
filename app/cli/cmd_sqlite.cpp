// `mxi sqlite lint DB [--statements FILE…] [--whitelist XML] [--format text|json]`: Matrix
// SQLiteLint's six checkers on a database file copied off a phone, with the statements the app
// ran from `.sql` lists or SQLiteTime logcats (docs/SQLITE.md "SQLiteLint checkers").
#include <chrono>
#include <cstdio>
#include <map>
#include <string>
#include <vector>

#include "app/cli/commands.h"
#include "app/cli/text_input.h"
#include "core/dbinfo/dbinfo_text.h"
#include "core/sqlitelint/dbinfo_statements.h"
#include "core/sqlitelint/lint_json.h"
#include "core/sqlitelint/lint_run.h"
#include "core/sqlitelint/statement_readers.h"

namespace mxi::cli {

namespace sl = core::sqlitelint;

namespace {

std::string ms(const std::optional<double>& v) {
  if (!v) return "-";
  char text[32];
  std::snprintf(text, sizeof text, "%.3f", *v);
  return text;
}

// Matrix's descriptions run over lines (RedundantIndex lists one index a line): keep them under
// their issue.
std::string indented(const std::string& text) {
  std::string out;
  for (char c : text) out += c == '\n' ? std::string("\n    ") : std::string(1, c);
  return out;
}

void printText(const sl::LintReport& report) {
  std::printf("database %s (SQLite %s)\n", report.database.c_str(), report.sqliteVersion.c_str());
  std::map<std::string, std::vector<const sl::LintIssue*>> byChecker;
  for (const sl::LintIssue& i : report.issues) byChecker[i.checker].push_back(&i);
  std::printf("\n%zu issue(s)\n", report.issues.size());
  for (const auto& [checker, issues] : byChecker) {
    std::printf("\n%s (%zu)\n", checker.c_str(), issues.size());
    for (const sl::LintIssue* i : issues) {
      std::printf("  [type %d] %s%s\n", static_cast<int>(i->type), i->table.empty() ? "" : (i->table + ": ").c_str(),
                  indented(i->shape.empty() ? i->desc : i->shape).c_str());
      for (const sl::PlanRow& row : i->plan) std::printf("      plan: %s\n", row.detail.c_str());
      if (!i->advice.empty()) std::printf("    advice: %s\n", i->advice.c_str());
    }
  }
  std::printf("\n%zu statement shape(s)\n", report.statements.size());
  for (const sl::StatementSummary& s : report.statements) {
    const std::optional<double> mean =
        s.totalMs ? std::optional<double>(*s.totalMs / s.count) : std::optional<double>();
    std::printf("  %dx  total %s  mean %s  max %s ms  main thread %s\n    %s\n", s.count, ms(s.totalMs).c_str(),
                ms(mean).c_str(), ms(s.maxMs).c_str(), s.mainThread ? (*s.mainThread ? "yes" : "no") : "?",
                s.shape.c_str());
    for (const sl::PlanRow& row : s.plan) std::printf("      plan: %s\n", row.detail.c_str());
  }
  for (const sl::NotChecked& n : report.notChecked) std::printf("not checked: %s: %s\n", n.what.c_str(), n.why.c_str());
}

}  // namespace

void registerSqliteCommand(CLI::App& root, int& exitCode) {
  auto* sqlite = root.add_subcommand("sqlite", "SQLite databases copied off a phone");
  sqlite->require_subcommand(1);
  auto* lint = sqlite->add_subcommand(
      "lint",
      "Matrix SQLiteLint's six checkers on a database and the statements the app ran (issues, statement table)");
  struct Args {
    std::string database;
    std::vector<std::string> statements;
    std::string whitelist;
    OutputFormat format = OutputFormat::kText;
  };
  auto args = std::make_shared<Args>();
  lint->add_option("DB", args->database, "the database file (its -wal beside it, if any)")->required();
  lint->add_option("--statements", args->statements,
                   "statements the app ran: a .sql list (one per line or ;-separated), a SQLiteTime logcat or a "
                   "dumpsys dbinfo capture")
      ->expected(1, -1);
  lint->add_option("--whitelist", args->whitelist, "Matrix's whitelist XML (<whilte-list><checker name=…>)");
  addFormatOption(*lint, args->format);
  setCommandBody(*lint, exitCode, "sqlite lint", [args]() -> CommandResult {
    sl::LintOptions options;
    options.nowMs =
        std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::system_clock::now().time_since_epoch())
            .count();
    if (!args->whitelist.empty()) {
      ASSIGN_OR_RETURN(const auto xml, readTextInput(args->whitelist));
      ASSIGN_OR_RETURN(options.whitelist, about(args->whitelist, sl::Whitelist::parse(xml)));
    }
    std::vector<sl::LintStatement> statements;
    for (const std::string& file : args->statements) {
      ASSIGN_OR_RETURN(const auto text, readTextInput(file));
      const auto read = sl::looksLikeDbinfo(text)          ? sl::dbinfoStatements(core::dbinfo::parseDbinfo(text), file)
                        : sl::looksLikeSqliteTimeLog(text) ? sl::readSqliteTimeLog(text, file)
                                                           : sl::readSqlList(text, file);
      statements.insert(statements.end(), read.begin(), read.end());
    }
    ASSIGN_OR_RETURN(const sl::LintDatabase db, about(args->database, sl::LintDatabase::open(args->database)));
    ASSIGN_OR_RETURN(const sl::LintReport report, about(args->database, sl::lintDatabase(db, statements, options)));
    if (args->format == OutputFormat::kJson) {
      printJson(sl::lintReportToJson(report));
    } else {
      printText(report);
    }
    return 0;
  });
}

}  // namespace mxi::cli
