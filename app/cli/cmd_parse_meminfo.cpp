// `mxi parse meminfo FILE`: `dumpsys meminfo <pid|package>` or `dumpsys meminfo --local <pid>` output
// from any release (4.3's table to 14's Rss columns), per process: the App Summary, the Objects
// counts (Activities is the one the leak watch follows) and the table, as text or JSON.
#include <algorithm>
#include <cstdio>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "app/cli/commands.h"
#include "app/cli/text_input.h"
#include "core/meminfo/meminfo_json.h"
#include "core/meminfo/meminfo_text.h"

namespace mxi::cli {

namespace meminfo = core::meminfo;

namespace {

using Field = std::pair<const char*, std::optional<int64_t>>;

// "  label  Name value  Name value …", wrapped after `perLine` fields; nothing when all are absent.
void printFields(const char* label, const std::vector<Field>& fields, size_t perLine, const char* unit = "") {
  std::string line;
  size_t onLine = 0;
  bool any = false;
  for (const auto& [name, value] : fields) {
    if (!value) continue;
    if (onLine == perLine) {
      std::printf("  %-14s%s\n", any ? "" : label, line.c_str());
      any = true;
      line.clear();
      onLine = 0;
    }
    line += (onLine ? "  " : "") + std::string(name) + " " + std::to_string(*value) + unit;
    ++onLine;
  }
  if (onLine) std::printf("  %-14s%s\n", any ? "" : label, line.c_str());
}

void printTable(const meminfo::MeminfoProcess& p) {
  size_t nameWidth = 0;
  for (const auto& r : p.rows) nameWidth = std::max(nameWidth, r.name.size());
  std::vector<size_t> widths;
  std::string header = "  " + std::string(nameWidth, ' ');
  for (const std::string& c : p.columns) {
    widths.push_back(std::max<size_t>(c.size(), 8));
    header += "  " + std::string(widths.back() - c.size(), ' ') + c;
  }
  std::printf("  table (kB)\n%s\n", header.c_str());
  for (const auto& r : p.rows) {
    std::string line = "  " + std::string(nameWidth - r.name.size(), ' ') + r.name;
    for (size_t c = 0; c < p.columns.size(); ++c) {
      const std::optional<int64_t> v = r.value(p.columns[c]);
      const std::string cell = v ? std::to_string(*v) : "";
      line += "  " + std::string(widths[c] - std::min(widths[c], cell.size()), ' ') + cell;
    }
    while (!line.empty() && line.back() == ' ') line.pop_back();  // rows whose heap cells are blank
    std::printf("%s\n", line.c_str());
  }
}

void printProcess(const meminfo::MeminfoProcess& p) {
  std::printf("pid %d  %s\n", p.pid, p.package.c_str());
  const meminfo::MeminfoSummary& s = p.summary;
  printFields("summary (kB)",
              {{"Java Heap", s.javaHeapKb},
               {"Native Heap", s.nativeHeapKb},
               {"Code", s.codeKb},
               {"Stack", s.stackKb},
               {"Graphics", s.graphicsKb},
               {"Private Other", s.privateOtherKb},
               {"System", s.systemKb}},
              4);
  printFields("totals (kB)", {{"PSS", s.totalPssKb}, {"RSS", s.totalRssKb}, {"swap", s.totalSwapKb}}, 3);
  const meminfo::MeminfoObjects& o = p.objects;
  const std::vector<Field> objects = {{"Views", o.views},
                                      {"ViewRootImpl", o.viewRootImpl},
                                      {"AppContexts", o.appContexts},
                                      {"Activities", o.activities},
                                      {"Assets", o.assets},
                                      {"AssetManagers", o.assetManagers},
                                      {"Local Binders", o.localBinders},
                                      {"Proxy Binders", o.proxyBinders},
                                      {"Parcel memory (kB)", o.parcelMemoryKb},
                                      {"Parcel count", o.parcelCount},
                                      {"Death Recipients", o.deathRecipients},
                                      {"OpenSSL Sockets", o.openSslSockets},
                                      {"WebViews", o.webViews}};
  if (std::none_of(objects.begin(), objects.end(), [](const Field& f) { return f.second.has_value(); })) {
    std::printf("  %-14s%s\n", "objects", "not in this output (--local, or cut short)");
  } else {
    printFields("objects", objects, 4);
  }
  if (!p.rows.empty()) printTable(p);
  std::printf("\n");
}

}  // namespace

void registerParseMeminfo(CLI::App& parse, int& exitCode) {
  auto* cmd = parse.add_subcommand("meminfo",
                                   "`dumpsys meminfo <pid|package>` or `--local <pid>`: per process the App Summary, "
                                   "Objects (Activities, Views, …) and the table");
  struct Args {
    std::string file;
    OutputFormat format = OutputFormat::kText;
  };
  auto args = std::make_shared<Args>();
  cmd->add_option("FILE", args->file, "dumpsys meminfo output, or - for stdin")->required();
  addFormatOption(*cmd, args->format);
  setCommandBody(*cmd, exitCode, "parse meminfo", [args]() -> CommandResult {
    ASSIGN_OR_RETURN(const auto text, readTextInput(args->file));
    const meminfo::MeminfoReport report = meminfo::parseMeminfo(text);
    printParseProblems(report.problems, args->file);
    if (args->format == OutputFormat::kJson) {
      printJson(core::meminfo::meminfoReportToJson(report));
    } else {
      for (const auto& p : report.processes) printProcess(p);
      std::printf("%zu process(es), %zu problem(s)\n", report.processes.size(), report.problems.size());
    }
    if (report.processes.empty()) {
      std::fprintf(stderr, "mxi: parse meminfo: %s: no \"** MEMINFO in pid N [name] **\" block found\n",
                   args->file.c_str());
      return static_cast<int>(ExitCode::kBadInput);
    }
    return 0;
  });
}

}  // namespace mxi::cli
