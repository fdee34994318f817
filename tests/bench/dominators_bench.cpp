// The dominator tree's passes on one indexed dump, repeated in one process: the depth-first
// search, the predecessor lists, the semidominators, the immediate dominators and retained sizes,
// each a counter in ms. Whole `mxi dominators` runs on this VM vary by ±150 ms a phase from run to
// run (page zeroing, the host); repeating the passes on an index that stays loaded makes a change
// to one pass visible. Figures: docs/PERFORMANCE.md.
//   dominators_bench DUMP [--benchmark_repetitions=N ...]
#include <benchmark/benchmark.h>

#include <cstdio>
#include <map>
#include <memory>
#include <string>

#include "core/analysis/heap_dominators.h"
#include "core/analysis/heap_graph.h"
#include "core/base/process_memory.h"
#include "core/hprof/heap_index.h"

namespace {

using namespace mxi::core;

std::shared_ptr<const hprof::HeapIndex> g_index;

void BM_HeapDominators(benchmark::State& state) {
  const analysis::HeapGraph graph(*g_index);
  std::map<std::string, double> totals;
  for (auto _ : state) {
    PhaseLog phases;
    analysis::DominatorOptions options;
    options.phases = &phases;
    NullProgress quiet;
    CancelToken never;
    auto tree = analysis::HeapDominators::compute(graph, options, quiet, never);
    if (!tree.ok()) {
      state.SkipWithError(tree.status().message().c_str());
      return;
    }
    for (const PhaseCost& phase : phases.phases()) totals[phase.name] += phase.wallMs;
  }
  for (const auto& [name, ms] : totals) {
    state.counters[name + " ms"] = benchmark::Counter(ms / static_cast<double>(state.iterations()));
  }
}
BENCHMARK(BM_HeapDominators)->Unit(benchmark::kMillisecond)->Iterations(1);

}  // namespace

int main(int argc, char** argv) {
  benchmark::Initialize(&argc, argv);
  if (argc != 2) {
    std::fprintf(stderr, "usage: dominators_bench DUMP [--benchmark_* flags]\n");
    return 2;
  }
  NullProgress quiet;
  CancelToken never;
  auto index = hprof::openAndIndex(argv[1], {}, {}, quiet, never);
  if (!index.ok()) {
    std::fprintf(stderr, "%s\n", index.status().toString().c_str());
    return 1;
  }
  g_index = *index;
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  return 0;
}
