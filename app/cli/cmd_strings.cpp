// `mxi strings DUMP`: duplicate String values and duplicate primitive arrays, most wasted first.
#include <cstdio>

#include "app/cli/commands.h"
#include "app/cli/dump_loading.h"
#include "app/cli/leak_output.h"
#include "core/analysis/duplicate_values.h"

namespace mxi::cli {

namespace analysis = core::analysis;

void registerStringsCommand(CLI::App& root, int& exitCode) {
  auto* cmd = root.add_subcommand("strings", "Duplicate strings and primitive arrays: copies and wasted bytes");
  struct Args {
    DumpOptions dump;
    OutputFormat format = OutputFormat::kText;
    size_t top = 20;
    uint64_t minArrayBytes = 1024;
  };
  auto args = std::make_shared<Args>();
  addDumpOptions(*cmd, args->dump);
  addFormatOption(*cmd, args->format);
  cmd->add_option("--top", args->top, "How many of each to show (default 20; 0 = all)");
  cmd->add_option("--min-array-bytes", args->minArrayBytes,
                  "Compare primitive arrays of at least this size (default 1024)");
  setCommandBody(*cmd, exitCode, "strings", [args]() -> CommandResult {
    ASSIGN_OR_RETURN(auto loaded, loadDump(args->dump));
    const auto& ix = *loaded.index;
    TerminalProgress progress(!args->dump.quiet);
    ASSIGN_OR_RETURN(auto report,
                     about(args->dump.path,
                           analysis::findDuplicateValues(ix, {args->minArrayBytes}, progress, processCancelToken())));
    auto limit = [&](size_t size) { return args->top ? std::min(args->top, size) : size; };
    auto ids = [&](const std::vector<core::hprof::ObjectIndex>& objects) {
      auto out = nlohmann::ordered_json::array();
      for (auto o : objects) out.push_back(hexId(ix.idOf(o)));
      return out;
    };
    if (args->format == OutputFormat::kJson) {
      nlohmann::ordered_json j;
      j["file"] = ix.source().path();
      j["stringsScanned"] = report.stringsScanned;
      j["duplicateStrings"] = report.strings.size();
      j["stringWastedBytes"] = report.stringWastedBytes;
      j["arraysScanned"] = report.arraysScanned;
      j["duplicateArrays"] = report.arrays.size();
      j["arrayWastedBytes"] = report.arrayWastedBytes;
      auto strings = nlohmann::ordered_json::array();
      for (size_t i = 0; i < limit(report.strings.size()); ++i) {
        const auto& s = report.strings[i];
        strings.push_back({{"value", s.value},
                           {"copies", s.copies},
                           {"bytesPerCopy", s.bytesPerCopy},
                           {"wastedBytes", s.wastedBytes},
                           {"objectIds", ids(s.objects)}});
      }
      j["strings"] = strings;
      auto arrays = nlohmann::ordered_json::array();
      for (size_t i = 0; i < limit(report.arrays.size()); ++i) {
        const auto& a = report.arrays[i];
        arrays.push_back({{"type", std::string(core::hprof::basicTypeName(a.elementType)) + "[]"},
                          {"length", a.length},
                          {"copies", a.copies},
                          {"bytesPerCopy", a.bytesPerCopy},
                          {"wastedBytes", a.wastedBytes},
                          {"preview", a.preview},
                          {"objectIds", ids(a.objects)}});
      }
      j["arrays"] = arrays;
      printJson(j);
    } else {
      std::printf("Duplicate strings: %zu values wasting %s (of %llu strings)\n", report.strings.size(),
                  humanBytes(report.stringWastedBytes).c_str(), static_cast<unsigned long long>(report.stringsScanned));
      std::printf("%8s %12s  %s\n", "copies", "wasted", "value");
      for (size_t i = 0; i < limit(report.strings.size()); ++i) {
        const auto& s = report.strings[i];
        std::printf("%8llu %12s  \"%s\"\n", static_cast<unsigned long long>(s.copies),
                    humanBytes(s.wastedBytes).c_str(), s.value.c_str());
      }
      std::printf("\nDuplicate primitive arrays of at least %llu bytes: %zu wasting %s (of %llu arrays)\n",
                  static_cast<unsigned long long>(args->minArrayBytes), report.arrays.size(),
                  humanBytes(report.arrayWastedBytes).c_str(), static_cast<unsigned long long>(report.arraysScanned));
      std::printf("%8s %12s  %s\n", "copies", "wasted", "array");
      for (size_t i = 0; i < limit(report.arrays.size()); ++i) {
        const auto& a = report.arrays[i];
        std::printf("%8llu %12s  %s[%u] %s\n", static_cast<unsigned long long>(a.copies),
                    humanBytes(a.wastedBytes).c_str(), std::string(core::hprof::basicTypeName(a.elementType)).c_str(),
                    a.length, a.preview.c_str());
      }
    }
    return 0;
  });
}

}  // namespace mxi::cli
