// Benchmark driver (tests/bench/agent_poll_bench.sh): connects to a running mxi-agent, starts
// collecting for a package at 1 Hz, keeps the connection for N seconds, prints what arrived, the
// agent's CPU time from /proc and the latency from a Matrix issue's logcat time to its arrival.
// Usage: agent_bench_client TOKEN PACKAGE SECONDS AGENT_PID [MEMORY_MS]
// With MEMORY_MS only the memory timeline runs (samples every MEMORY_MS, processes polled at 1 Hz).
#include <unistd.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <sstream>
#include <vector>

#include "tests/agent/agent_client.h"

int main(int argc, char** argv) {
  using namespace mxi;
  namespace proto = core::protocol;
  if (argc != 5 && argc != 6) {
    std::fprintf(stderr, "usage: agent_bench_client TOKEN PACKAGE SECONDS AGENT_PID [MEMORY_MS]\n");
    return 2;
  }
  const std::string token = argv[1], package = argv[2];
  const int seconds = std::atoi(argv[3]);
  const std::string pid = argv[4];
  test::AgentClient c;
  if (!c.connect(token, std::chrono::seconds(30))) return 1;
  c.send(proto::Hello{proto::kProtocolVersion, token, "bench"});
  if (!c.receive(std::chrono::seconds(30))) return 1;
  const uint32_t memoryMs = argc == 6 ? static_cast<uint32_t>(std::atoi(argv[5])) : 0;
  c.send(memoryMs > 0 ? proto::StartCollecting{package, 1000, proto::kCollectProcesses, 0, memoryMs}
                      : proto::StartCollecting{package, 1000, proto::kCollectAll});
  auto cpuTicks = [&] {
    std::ifstream in("/proc/" + pid + "/stat");
    std::string stat((std::istreambuf_iterator<char>(in)), {});
    std::istringstream fields(stat.substr(stat.rfind(')') + 2));
    std::string f;
    long long utime = 0, stime = 0;
    for (int i = 3; i <= 15 && fields >> f; ++i) {
      if (i == 14) utime = std::atoll(f.c_str());
      if (i == 15) stime = std::atoll(f.c_str());
    }
    return utime + stime;
  };
  const long long ticks0 = cpuTicks();
  const auto start = std::chrono::steady_clock::now();
  int frames = 0, batches = 0, issues = 0, samples = 0, other = 0;
  std::vector<int64_t> latencyMs;  // logcat line time → received here (same host clock with the simulator)
  while (std::chrono::steady_clock::now() - start < std::chrono::seconds(seconds)) {
    auto m = c.receive(std::chrono::milliseconds(200));
    if (!m) continue;
    if (auto* b = std::get_if<proto::FrameBatch>(&*m)) {
      ++batches;
      frames += static_cast<int>(b->frames.size());
    } else if (const auto* issue = std::get_if<proto::MatrixIssue>(&*m)) {
      ++issues;
      const int64_t now =
          std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::system_clock::now().time_since_epoch())
              .count();
      latencyMs.push_back(now - static_cast<int64_t>(issue->logTimeMs));
    } else if (std::holds_alternative<proto::MemorySample>(*m)) {
      ++samples;
    } else {
      ++other;
    }
  }
  const double wall = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  const double cpu = static_cast<double>(cpuTicks() - ticks0) / static_cast<double>(sysconf(_SC_CLK_TCK));
  std::printf("wall_s=%.2f agent_cpu_s=%.3f cpu_percent=%.3f frames=%d batches=%d issues=%d samples=%d other=%d", wall,
              cpu, 100.0 * cpu / wall, frames, batches, issues, samples, other);
  if (!latencyMs.empty()) {
    std::sort(latencyMs.begin(), latencyMs.end());
    auto rank = [&](double p) {
      return latencyMs[static_cast<size_t>(p * static_cast<double>(latencyMs.size() - 1) + 0.5)];
    };
    std::printf(" issue_latency_ms_p50=%lld p99=%lld max=%lld", static_cast<long long>(rank(0.5)),
                static_cast<long long>(rank(0.99)), static_cast<long long>(latencyMs.back()));
  }
  std::printf("\n");
  return 0;
}
