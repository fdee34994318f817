// Method traces: read speed (MB/s on one core) of a real ART trace and of a generated 60 s sampled
// trace of a busy app, and the time from bytes to issues. Figures: docs/PERFORMANCE.md.
//   method_trace_bench [--write FILE]   (--write: only writes the generated trace, for timing
//                                         `mxi parse trace` and its peak memory)
#include <benchmark/benchmark.h>

#include <cstring>
#include <fstream>
#include <random>

#include "core/methodtrace/method_trace.h"
#include "core/methodtrace/method_trace_verdicts.h"
#include "tests/support/method_trace_fixtures.h"
#include "tests/support/method_trace_writer.h"

namespace {

using namespace mxi::core::matrix;
using namespace mxi::core::methodtrace;
using mxi::test::MethodTraceWriter;

// 60 s sampled every 1 ms like `am profile start --sampling 1000`: 24 threads whose stacks walk
// randomly over 3,000 methods; the main thread runs Looper dispatches of 1–40 ms with one of
// 800 ms every ~5 s. Each sample emits the exits and enters that separate it from the last, as
// ART's sampler does.
std::string busyAppTrace() {
  MethodTraceWriter w(MethodTraceWriter::Clock::kDual, 1000);
  std::vector<uint32_t> methods;
  for (int i = 0; i < 3000; ++i) {
    methods.push_back(w.method("com.example.feature" + std::to_string(i % 40) + ".Class" + std::to_string(i / 40),
                               "method" + std::to_string(i), "(I)V", "Class.java"));
  }
  const uint32_t loop = w.method("android.os.Looper", "loop", "()V", "Looper.java");
  const uint32_t dispatch =
      w.method("android.os.Handler", "dispatchMessage", "(Landroid/os/Message;)V", "Handler.java");
  std::mt19937 rng(42);
  constexpr int kThreads = 24;
  std::vector<std::vector<uint32_t>> stacks(kThreads);
  std::vector<uint32_t> cpu(kThreads, 0);
  for (int t = 0; t < kThreads; ++t)
    w.thread(static_cast<uint16_t>(1000 + t), t == 0 ? "main" : "worker-" + std::to_string(t));
  int64_t dispatchLeftUs = 0;
  for (uint32_t now = 0; now < 60'000'000; now += 1000) {
    for (int t = 0; t < kThreads; ++t) {
      const auto tid = static_cast<uint16_t>(1000 + t);
      std::vector<uint32_t> next = stacks[t];
      if (t == 0) {
        if (next.empty()) next = {loop};
        dispatchLeftUs -= 1000;
        if (dispatchLeftUs <= 0) {
          next.resize(1);  // back in Looper.loop, then the next message
          dispatchLeftUs = (rng() % 5000 == 0) ? 800'000 : 1000 + rng() % 40'000;
          next.push_back(dispatch);
        }
      }
      const size_t floor = t == 0 ? 2 : 0;
      const size_t keep = next.size() <= floor ? next.size() : floor + rng() % (next.size() - floor + 1);
      next.resize(std::max(keep, std::min(next.size(), floor)));
      const size_t depth = std::min<size_t>(40, next.size() + rng() % 4);
      while (next.size() < depth) next.push_back(methods[rng() % methods.size()]);
      size_t common = 0;
      while (common < next.size() && common < stacks[t].size() && next[common] == stacks[t][common]) ++common;
      cpu[t] += 300 + rng() % 700;
      for (size_t i = stacks[t].size(); i-- > common;) w.exit(tid, stacks[t][i], now, cpu[t]);
      for (size_t i = common; i < next.size(); ++i) w.enter(tid, next[i], now, cpu[t]);
      stacks[t] = std::move(next);
    }
  }
  w.elapsedUs = 60'000'000;
  return w.classic();
}

const std::string& busyApp() {
  static const std::string trace = busyAppTrace();
  return trace;
}

void readTrace(benchmark::State& state, const std::string& bytes) {
  for (auto _ : state) {
    auto r = readMethodTrace(bytes);
    benchmark::DoNotOptimize(r);
  }
  state.SetBytesProcessed(static_cast<int64_t>(state.iterations()) * static_cast<int64_t>(bytes.size()));
  state.counters["MB"] = static_cast<double>(bytes.size()) / 1e6;
}

void BM_ReadRealArtTrace(benchmark::State& state) {
  static const std::string real = mxi::test::methodTraceBytes("art-sampled-launcher.trace.gz");
  readTrace(state, real);
}
BENCHMARK(BM_ReadRealArtTrace)->Unit(benchmark::kMillisecond);

void BM_ReadBusyApp60s(benchmark::State& state) { readTrace(state, busyApp()); }
BENCHMARK(BM_ReadBusyApp60s)->Unit(benchmark::kMillisecond);

// Bytes in memory → issues: read, rebuild the calls, judge every dispatch.
void BM_BusyApp60sToIssues(benchmark::State& state) {
  size_t issues = 0;
  for (auto _ : state) {
    auto r = readMethodTrace(busyApp());
    const MethodTraceReport report = judgeMethodTrace(r->trace, {});
    issues = report.issues.size();
    benchmark::DoNotOptimize(report);
  }
  state.counters["issues"] = static_cast<double>(issues);
  state.counters["MB"] = static_cast<double>(busyApp().size()) / 1e6;
}
BENCHMARK(BM_BusyApp60sToIssues)->Unit(benchmark::kMillisecond);

}  // namespace

int main(int argc, char** argv) {
  if (argc == 3 && std::strcmp(argv[1], "--write") == 0) {
    std::ofstream(argv[2], std::ios::binary).write(busyApp().data(), static_cast<std::streamsize>(busyApp().size()));
    return 0;
  }
  busyApp();  // generated before any timing
  benchmark::Initialize(&argc, argv);
  benchmark::RunSpecifiedBenchmarks();
  return 0;
}
