// `mxi dominators DUMP`: the objects that keep the most memory alive (the tops of the dominator
// tree by retained size), each with its shortest strong path from a GC root.
#include <cstdio>

#include "app/cli/commands.h"
#include "app/cli/dump_loading.h"
#include "app/cli/leak_output.h"
#include "core/analysis/heap_dominators.h"
#include "core/analysis/leak_analysis.h"
#include "core/analysis/root_path.h"
#include "core/analysis/shortest_paths.h"

namespace mxi::cli {

namespace analysis = core::analysis;
using core::hprof::ObjectIndex;

void registerDominatorsCommand(CLI::App& root, int& exitCode) {
  auto* cmd = root.add_subcommand("dominators", "Top retainers: retained and shallow bytes, path from a GC root");
  struct Args {
    DumpOptions dump;
    OutputFormat format = OutputFormat::kText;
    size_t top = 20;
    std::vector<std::string> excludeHeaps;
  };
  auto args = std::make_shared<Args>();
  addDumpOptions(*cmd, args->dump);
  addFormatOption(*cmd, args->format);
  cmd->add_option("--top", args->top, "How many retainers to show (default 20)");
  addExcludeHeapOption(*cmd, args->excludeHeaps);
  setCommandBody(*cmd, exitCode, "dominators", [args]() -> CommandResult {
    ASSIGN_OR_RETURN(auto loaded, loadDump(args->dump));
    const auto& ix = *loaded.index;
    ASSIGN_OR_RETURN(auto heaps, about(args->dump.path, countedHeaps(ix, args->excludeHeaps)));
    TerminalProgress progress(!args->dump.quiet);
    const auto start = std::chrono::steady_clock::now();
    core::PhaseLog phases;
    const analysis::HeapGraph graph(ix);
    phases.mark("strong graph");
    analysis::DominatorOptions options{std::move(heaps), &phases};
    ASSIGN_OR_RETURN(auto dominators, about(args->dump.path, analysis::HeapDominators::compute(graph, options, progress,
                                                                                               processCancelToken())));
    const double dominatorMs =
        std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
    loaded.timings.lap("dominators");
    const auto& d = *dominators;
    // Tops whose own heap is excluded retain nothing countable; leave them out.
    std::vector<ObjectIndex> tops = d.topRetainers(args->top);
    std::erase_if(tops, [&](ObjectIndex o) { return d.retainedBytes(o) == 0; });
    const analysis::KnownReferenceMatcher known(ix, analysis::builtinKnownReferences());
    ASSIGN_OR_RETURN(auto paths, about(args->dump.path, analysis::ShortestPaths::compute(graph, known, tops, progress,
                                                                                         processCancelToken())));
    phases.mark("paths to the tops");
    const double totalMs = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
    loaded.timings.lap("paths");
    const uint64_t reachable = d.reachableBytes();
    std::vector<analysis::RootPath> rootPaths;
    for (ObjectIndex o : tops) rootPaths.push_back(analysis::rootPathTo(ix, *paths, known, o));
    if (args->format == OutputFormat::kJson) {
      nlohmann::ordered_json j;
      j["file"] = ix.source().path();
      j["reachableObjects"] = d.reachableObjects();
      j["reachableBytes"] = reachable;
      j["unreachableObjects"] = ix.objectCount() - d.reachableObjects();
      auto rows = nlohmann::ordered_json::array();
      for (size_t i = 0; i < tops.size(); ++i) {
        const ObjectIndex o = tops[i];
        nlohmann::ordered_json row = {{"className", analysis::chainClassName(ix, o)},
                                      {"objectId", hexId(ix.idOf(o))},
                                      {"retainedBytes", d.retainedBytes(o)},
                                      {"shallowBytes", ix.shallowSize(o)},
                                      {"path", chainToJson(rootPaths[i].chain)}};
        if (!rootPaths[i].note.empty()) row["pathNote"] = rootPaths[i].note;
        rows.push_back(std::move(row));
      }
      j["retainers"] = rows;
      j["timingsMs"] = {{"dominators", dominatorMs}, {"total", totalMs}};
      std::vector<core::PhaseCost> all = ix.stats().phases;
      all.insert(all.end(), phases.phases().begin(), phases.phases().end());
      j["phases"] = phasesToJson(all);
      printJson(j);
    } else {
      std::printf("%zu top retainer(s) of %s reachable in %u objects (%u unreachable objects)\n\n", tops.size(),
                  humanBytes(reachable).c_str(), d.reachableObjects(), ix.objectCount() - d.reachableObjects());
      for (size_t i = 0; i < tops.size(); ++i) {
        const ObjectIndex o = tops[i];
        std::printf("%zu. %s %s: retains %s (%.1f%%), shallow %s\n", i + 1, analysis::chainClassName(ix, o).c_str(),
                    hexId(ix.idOf(o)).c_str(), humanBytes(d.retainedBytes(o)).c_str(),
                    reachable ? 100.0 * static_cast<double>(d.retainedBytes(o)) / static_cast<double>(reachable) : 0.0,
                    humanBytes(ix.shallowSize(o)).c_str());
        if (!rootPaths[i].chain.empty()) std::printf("%s", chainToText(rootPaths[i].chain).c_str());
        if (!rootPaths[i].note.empty()) std::printf("(%s)\n", rootPaths[i].note.c_str());
        std::printf("\n");
      }
    }
    return 0;
  });
}

}  // namespace mxi::cli
