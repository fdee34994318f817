// `mxi diff BASE NEW`: what changed between two dumps — class deltas (count, shallow and
// retained bytes) and leaks by signature (new, fixed, still present).
#include <cstdio>

#include "app/cli/commands.h"
#include "app/cli/dump_loading.h"
#include "app/cli/leak_output.h"
#include "core/analysis/heap_diff.h"

namespace mxi::cli {

namespace analysis = core::analysis;

void registerDiffCommand(CLI::App& root, int& exitCode) {
  auto* cmd = root.add_subcommand("diff", "Compare two dumps: class deltas and leaks new / fixed / still present");
  struct Args {
    DumpOptions base, next;
    OutputFormat format = OutputFormat::kText;
    size_t top = 30;
    bool noRetained = false;
  };
  auto args = std::make_shared<Args>();
  cmd->add_option("BASE", args->base.path, "Baseline dump")->required();
  cmd->add_option("NEW", args->next.path, "New dump")->required();
  cmd->add_option("--max-inflate", args->base.maxInflateBytes, "Refuse to inflate more than this many bytes");
  cmd->add_option("--threads", args->base.threads, "Indexing threads (default: all cores)");
  addMappingOption(*cmd, "--mapping", args->base.mapping,
                   "R8/ProGuard mapping.txt of BASE's build (and NEW's, without --mapping-b): classes are "
                   "matched and shown by their source names");
  addMappingOption(*cmd, "--mapping-b", args->next.mapping,
                   "R8/ProGuard mapping.txt of NEW's build, when it is another build than BASE's");
  addQuietFlag(*cmd, args->base.quiet);
  addFormatOption(*cmd, args->format);
  cmd->add_option("--top", args->top, "How many class deltas to show (default 30; 0 = all)");
  cmd->add_flag("--no-retained", args->noRetained, "Skip dominator trees (no retained bytes; faster)");
  setCommandBody(*cmd, exitCode, "diff", [args]() -> CommandResult {
    args->next.maxInflateBytes = args->base.maxInflateBytes;
    args->next.threads = args->base.threads;
    args->next.quiet = args->base.quiet;
    if (args->next.mapping.empty()) args->next.mapping = args->base.mapping;
    ASSIGN_OR_RETURN(auto base, loadDump(args->base));
    ASSIGN_OR_RETURN(auto next, loadDump(args->next));
    analysis::LeakOptions options;
    options.retainedSizes = !args->noRetained;
    TerminalProgress progress(!args->base.quiet);
    ASSIGN_OR_RETURN(auto diff, analysis::diffHeaps(*base.index, *next.index, options, progress, processCancelToken()));
    const auto& classes = diff.classes;
    const size_t shown = args->top ? std::min(args->top, classes.size()) : classes.size();
    if (args->format == OutputFormat::kJson) {
      nlohmann::ordered_json j;
      j["base"] = args->base.path;
      j["new"] = args->next.path;
      auto rows = nlohmann::ordered_json::array();
      for (size_t i = 0; i < shown; ++i) {
        const auto& c = classes[i];
        rows.push_back({{"className", c.className},
                        {"countBase", c.countBase},
                        {"countNew", c.countNew},
                        {"countDelta", c.countDelta()},
                        {"shallowBytesBase", c.shallowBase},
                        {"shallowBytesNew", c.shallowNew},
                        {"shallowBytesDelta", c.shallowDelta()},
                        {"retainedBytesBase", c.retainedBase},
                        {"retainedBytesNew", c.retainedNew},
                        {"retainedBytesDelta", c.retainedDelta()}});
      }
      j["classes"] = rows;
      j["changedClasses"] = classes.size();
      auto list = [&](const std::vector<analysis::Leak>& leaks, const analysis::LeakReport& report) {
        auto out = nlohmann::ordered_json::array();
        for (const auto& l : leaks) out.push_back(leakToJson(l, report.knownReferences));
        return out;
      };
      nlohmann::ordered_json leaks;
      leaks["new"] = list(diff.newLeaks, diff.next);
      leaks["fixed"] = list(diff.fixedLeaks, diff.base);
      auto still = nlohmann::ordered_json::array();
      for (const auto& [before, after] : diff.stillPresent) {
        auto e = leakToJson(after, diff.next.knownReferences);
        e["countBase"] = before.leakingObjectIds.size();
        e["retainedBytesBase"] = before.retainedBytes;
        still.push_back(std::move(e));
      }
      leaks["stillPresent"] = still;
      j["leaks"] = leaks;
      printJson(j);
    } else {
      // Padded by hand: printf's widths count bytes, and Δ is two of them in UTF-8.
      std::printf("     Δ count  Δ shallow bytes Δ retained bytes  class\n");
      for (size_t i = 0; i < shown; ++i) {
        const auto& c = classes[i];
        std::printf("%+12lld %+16lld %+16lld  %s\n", static_cast<long long>(c.countDelta()),
                    static_cast<long long>(c.shallowDelta()), static_cast<long long>(c.retainedDelta()),
                    c.className.c_str());
      }
      std::printf("%zu class(es) changed%s\n\n", classes.size(),
                  shown < classes.size() ? (", " + std::to_string(shown) + " shown").c_str() : "");
      auto line = [](const char* what, const analysis::Leak& l) {
        std::printf("%-14s %s  %zu × %s, retaining %s\n", what, l.signature.c_str(), l.leakingObjectIds.size(),
                    l.className.c_str(), humanBytes(l.retainedBytes).c_str());
      };
      for (const auto& l : diff.newLeaks) line("NEW", l);
      for (const auto& l : diff.fixedLeaks) line("FIXED", l);
      for (const auto& [before, after] : diff.stillPresent) line("STILL PRESENT", after);
      std::printf("leaks: %zu new, %zu fixed, %zu still present\n", diff.newLeaks.size(), diff.fixedLeaks.size(),
                  diff.stillPresent.size());
      for (const auto& l : diff.newLeaks)
        std::printf("\nNew leak %s:\n%s", l.signature.c_str(), chainToText(l.chain).c_str());
    }
    return 0;
  });
}

}  // namespace mxi::cli
