// `mxi leaks DUMP`: leaking objects, their shortest strong paths from GC roots with leaking
// status and suspect references, grouped by signature, with retained bytes.
#include <cstdio>
#include <fstream>
#include <sstream>

#include "app/cli/commands.h"
#include "app/cli/dump_loading.h"
#include "app/cli/leak_output.h"
#include "core/analysis/leak_analysis.h"

namespace mxi::cli {

namespace analysis = core::analysis;

void registerLeaksCommand(CLI::App& root, int& exitCode) {
  auto* cmd = root.add_subcommand("leaks", "Leaking objects with their shortest strong paths from GC roots");
  struct Args {
    DumpOptions dump;
    OutputFormat format = OutputFormat::kText;
    std::vector<std::string> finders{"matrix", "leakcanary", "android"};
    std::string key;
    std::vector<std::string> objects;
    std::vector<std::string> classes;
    std::string knownReferences;
    std::vector<std::string> addKnownReferences;
    bool noRetained = false;
    bool localsAlike = false;
    std::vector<std::string> excludeHeaps;
  };
  auto args = std::make_shared<Args>();
  addDumpOptions(*cmd, args->dump);
  addFormatOption(*cmd, args->format);
  cmd->add_option("--finder", args->finders, "Leak finders to run: matrix, leakcanary, android (default: all)")
      ->delimiter(',')
      ->check(CLI::IsMember({"matrix", "leakcanary", "android", "none"}));
  cmd->add_option("--key", args->key,
                  "Only the Matrix DestroyedActivityInfo with this key (default for a Matrix upload zip: "
                  "its result.info leakedActivityKey)");
  cmd->add_option("--object", args->objects, "Also treat this object id (0x… or decimal) as leaking")->delimiter(',');
  cmd->add_option("--class", args->classes, "Also treat every instance of this class as leaking");
  cmd->add_option("--known-references", args->knownReferences,
                  "JSON file of known library references, replacing the built-in list (docs/LEAKS.md)")
      ->check(CLI::ExistingFile);
  cmd->add_option("--add-known-references", args->addKnownReferences,
                  "JSON file of more known references, added to the built-in list (or to --known-references)")
      ->check(CLI::ExistingFile);
  cmd->add_flag("--no-retained", args->noRetained, "Skip the dominator tree (no retained bytes; faster)");
  cmd->add_flag("--locals-alike", args->localsAlike,
                "Search from Java-frame (local variable) roots like any other root, as VisualVM and MAT do "
                "(default: only when nothing else holds the object)");
  addExcludeHeapOption(*cmd, args->excludeHeaps);
  setCommandBody(*cmd, exitCode, "leaks", [args]() -> CommandResult {
    ASSIGN_OR_RETURN(auto loaded, loadDump(args->dump));
    const auto& ix = *loaded.index;
    analysis::LeakOptions options;
    auto has = [&](const char* f) {
      return std::find(args->finders.begin(), args->finders.end(), f) != args->finders.end();
    };
    options.finders.matrix = has("matrix");
    options.finders.leakcanary = has("leakcanary");
    options.finders.android = has("android");
    if (!args->key.empty()) {
      options.finders.matrixKey = args->key;
    } else if (const auto* info = ix.source().matrixInfo(); info && !info->leakedActivityKey.empty()) {
      options.finders.matrixKey = info->leakedActivityKey;
    }
    for (const std::string& text : args->objects) {
      const auto id = parseObjectId(text);
      if (!id) return core::invalidInput("not an object id: '" + text + "'");
      options.finders.objects.push_back(*id);
    }
    options.finders.classes = args->classes;
    if (!args->knownReferences.empty()) {
      ASSIGN_OR_RETURN(options.knownReferences, analysis::readKnownReferencesFile(args->knownReferences));
    }
    for (const std::string& file : args->addKnownReferences) {
      ASSIGN_OR_RETURN(auto added, analysis::readKnownReferencesFile(file));
      options.knownReferences.insert(options.knownReferences.end(), added.begin(), added.end());
    }
    options.retainedSizes = !args->noRetained;
    options.javaLocalsLast = !args->localsAlike;
    ASSIGN_OR_RETURN(options.dominators.countedHeaps, about(args->dump.path, countedHeaps(ix, args->excludeHeaps)));

    TerminalProgress progress(!args->dump.quiet);
    ASSIGN_OR_RETURN(auto report,
                     about(args->dump.path, analysis::analyzeLeaks(ix, options, progress, processCancelToken())));
    if (args->format == OutputFormat::kJson) {
      nlohmann::ordered_json j;
      j["file"] = ix.source().path();
      j["candidates"] = report.candidates;
      j["notStronglyReachable"] = report.notStronglyReachable;
      j["heldThroughOtherLeaks"] = report.heldThroughOtherLeaks;
      for (const char* name : {"leaks", "libraryLeaks"}) {
        auto list = nlohmann::ordered_json::array();
        for (const auto& leak : std::string(name) == "leaks" ? report.leaks : report.libraryLeaks) {
          list.push_back(leakToJson(leak, report.knownReferences));
        }
        j[name] = list;
      }
      nlohmann::ordered_json timings;
      for (const auto& [phase, ms] : report.timingsMs) timings[phase] = ms;
      j["timingsMs"] = timings;
      printJson(j);
    } else {
      auto print = [&](const analysis::Leak& leak, size_t i, size_t n, const char* what) {
        std::printf("%s %zu of %zu: %zu × %s", what, i + 1, n, leak.leakingObjectIds.size(), leak.className.c_str());
        if (!args->noRetained) std::printf(", retaining %s", humanBytes(leak.retainedBytes).c_str());
        std::printf("\n  found by %s%s%s%s\n  signature %s\n", leak.finder.c_str(),
                    leak.key.empty() ? "" : (" (key " + leak.key + ")").c_str(), leak.description.empty() ? "" : ": ",
                    leak.description.c_str(), leak.signature.c_str());
        if (leak.pattern >= 0) {
          const auto& p = report.knownReferences[static_cast<size_t>(leak.pattern)];
          std::printf("  known reference %s: %s\n", analysis::knownReferenceText(p).c_str(), p.description.c_str());
        }
        std::printf("%s\n", chainToText(leak.chain).c_str());
      };
      for (size_t i = 0; i < report.leaks.size(); ++i) print(report.leaks[i], i, report.leaks.size(), "Leak");
      for (size_t i = 0; i < report.libraryLeaks.size(); ++i) {
        print(report.libraryLeaks[i], i, report.libraryLeaks.size(), "Library leak");
      }
      std::printf(
          "%zu application leak(s), %zu library leak(s); %zu candidate(s), %zu not strongly reachable, "
          "%zu held through another leak\n",
          report.leaks.size(), report.libraryLeaks.size(), report.candidates, report.notStronglyReachable,
          report.heldThroughOtherLeaks);
    }
    return 0;
  });
}

}  // namespace mxi::cli
