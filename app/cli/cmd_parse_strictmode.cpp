// `mxi parse strictmode FILE`: StrictMode violation reports (a logcat in any layout, a pasted
// report, `dumpsys dropbox --print data_app_strictmode`) — each violation's type, policy,
// duration, pid/tid, stack and, for a leaked closeable, its resource and where it was acquired;
// `--issues` shows the IOCanary issues they become instead (docs/TRACE.md).
#include <cstdio>

#include "app/cli/commands.h"
#include "app/cli/issue_text.h"
#include "app/cli/mapping_option.h"
#include "app/cli/text_input.h"
#include "core/json/parse_problems_json.h"
#include "core/matrix/matrix_json.h"
#include "core/strictmode/strictmode_deobfuscation.h"
#include "core/strictmode/strictmode_issues.h"
#include "core/strictmode/strictmode_json.h"
#include "core/strictmode/strictmode_text.h"

namespace mxi::cli {

namespace strictmode = core::strictmode;
using nlohmann::ordered_json;

namespace {

std::string violationText(const strictmode::StrictModeViolation& v, size_t index) {
  std::string s = "#" + std::to_string(index + 1) + " " + v.type + "  " +
                  std::string(strictmode::strictModeKindName(strictmode::strictModeKind(v))) + "  " +
                  std::string(strictmode::strictModePolicyName(v.policy)) + " policy";
  if (v.durationMs) s += "  " + std::to_string(*v.durationMs) + " ms";
  if (v.pid) s += "  pid " + std::to_string(*v.pid);
  if (v.tid) s += "  tid " + std::to_string(*v.tid);
  if (v.mainThread) s += *v.mainThread ? "  main thread" : "  not the main thread";
  if (!v.process.empty()) s += "  " + v.process;
  s += v.fromDropBox ? "  (DropBox, line " : "  (line ";
  s += std::to_string(v.line) + ")\n";
  if (!v.resource.empty()) s += "  leaked " + v.resource + "\n";
  for (const auto& f : v.stack) s += "    at " + f + "\n";
  if (!v.acquiredAt.empty()) s += "  acquired at:\n";
  for (const auto& f : v.acquiredAt) s += "    at " + f + "\n";
  if (v.truncated) s += "  (truncated: the report ends before its thread's first frame)\n";
  return s;
}

}  // namespace

void registerParseStrictMode(CLI::App& parent, int& exitCode) {
  auto* cmd = parent.add_subcommand(
      "strictmode",
      "StrictMode violations (logcat in any layout, DropBox data_app_strictmode entries): type, policy, duration, "
      "pid/tid, stack, leaked resource and where it was acquired; --issues: the IOCanary issues they become");
  struct Args {
    std::string file;
    std::vector<std::string> mappings;
    bool issues = false;
    strictmode::MainThreadIoRule rule;
    OutputFormat format = OutputFormat::kText;
  };
  auto args = std::make_shared<Args>();
  cmd->add_option("FILE", args->file, "logcat, pasted report or `dumpsys dropbox --print` output, or - for stdin")
      ->required();
  cmd->add_flag("--issues", args->issues,
                "Show the issues they become: main-thread disk IO and closeable leaks as Matrix io issues, the rest "
                "as StrictMode issues");
  cmd->add_option("--io-once-ms", args->rule.onceMs,
                  "Main-thread IO counts when it took longer than this (IOCanary's kPossibleNegativeThreshold)")
      ->capture_default_str()
      ->check(CLI::NonNegativeNumber);
  cmd->add_option("--io-continual-ms", args->rule.continualMs,
                  "… or longer than this (IOCanary's main-thread threshold; marks repeat bit 2)")
      ->capture_default_str()
      ->check(CLI::NonNegativeNumber);
  addMappingOption(*cmd, args->mappings, "stack frames and leaked resources' classes");
  addFormatOption(*cmd, args->format);
  setCommandBody(*cmd, exitCode, "parse strictmode", [args]() -> CommandResult {
    ASSIGN_OR_RETURN(auto text, readTextInput(args->file));
    ASSIGN_OR_RETURN(const MappingInputs mappings, loadMappings(args->mappings));
    if (mappings.methodMapping) {
      return about(mappings.methodMappingPaths.front(),
                   core::invalidInput("a methodMapping.txt names Matrix method ids, which a StrictMode report has "
                                      "none of; give the build's R8/ProGuard mapping.txt"));
    }
    strictmode::StrictModeParseResult r = strictmode::parseStrictModeText(text);
    if (mappings.r8) strictmode::deobfuscateViolations(r.violations, *mappings.r8);
    for (const auto& p : r.problems) {
      std::fprintf(stderr, "mxi: %s line %llu (at byte offset %llu): %s\n", args->file.c_str(),
                   static_cast<unsigned long long>(p.line), static_cast<unsigned long long>(p.offset),
                   p.message.c_str());
    }
    if (args->issues) {
      std::vector<core::matrix::MatrixIssue> issues;
      for (const auto& v : r.violations) {
        if (auto issue = strictmode::violationToIssue(v, {args->rule, {}})) issues.push_back(std::move(*issue));
      }
      if (args->format == OutputFormat::kJson) {
        ordered_json list = ordered_json::array();
        for (const auto& i : issues) list.push_back(core::matrix::issueToJson(i));
        ordered_json j;
        j["issues"] = std::move(list);
        if (!args->mappings.empty()) j["mappings"] = mappingsToJson(mappings);
        printJson(j);
      } else {
        for (size_t k = 0; k < issues.size(); ++k) std::printf("%s\n", issueText(issues[k], k).c_str());
        std::printf("%zu issue(s) from %zu violation(s)\n", issues.size(), r.violations.size());
      }
    } else if (args->format == OutputFormat::kJson) {
      ordered_json j = strictmode::violationsToJson(r.violations);
      if (!args->mappings.empty()) j["mappings"] = mappingsToJson(mappings);
      printJson(j);
    } else {
      for (size_t k = 0; k < r.violations.size(); ++k) std::printf("%s\n", violationText(r.violations[k], k).c_str());
      std::printf("%zu violation(s), %zu problem(s), %llu line(s) read\n", r.violations.size(), r.problems.size(),
                  static_cast<unsigned long long>(r.linesRead));
    }
    if (r.violations.empty()) {
      std::fprintf(stderr, "mxi: parse strictmode: %s: no StrictMode violation found\n", args->file.c_str());
      return static_cast<int>(ExitCode::kBadInput);
    }
    return 0;
  });
}

}  // namespace mxi::cli
