// Session and trace throughput (Google Benchmark). Figures and commands: docs/PERFORMANCE.md.
//   BM_SessionWriteFrames      frame records/s through SessionWriter (zlib level 1, no fsync)
//   BM_OpenAndSummarize        open + summarize a >= 1 GB session (made once, kept in the build dir)
//   BM_ParseAnr / Issues / Framestats   parser throughput on the shared reference fixtures
#include <benchmark/benchmark.h>

#include <filesystem>
#include <fstream>
#include <random>
#include <sstream>

#include "core/anr/anr_trace.h"
#include "core/framestats/framestats_parser.h"
#include "core/matrix/matrix_issue.h"
#include "core/session/session_reader.h"
#include "core/session/session_writer.h"
#include "tests/support/test_paths.h"

namespace {

using namespace mxi::core;

std::vector<framestats::Frame> syntheticFrames(size_t n) {
  std::mt19937_64 rng(42);
  std::lognormal_distribution<double> ms(std::log(11.0), 0.5);
  std::vector<framestats::Frame> frames(n);
  int64_t t = 1'000'000'000;
  for (auto& f : frames) {
    f.startNs = t;
    f.durationNs = static_cast<int64_t>(ms(rng) * 1e6);
    f.refreshPeriodNs = 16'666'667;
    const int64_t part = f.durationNs / 9;
    for (size_t s = 0; s < f.stageNs.size(); ++s) f.stageNs[s] = part + static_cast<int64_t>(rng() % 1000);
    t += 16'666'667;
  }
  return frames;
}

std::string scratch(const std::string& name) {
  const auto dir = std::filesystem::path(mxi::test::binaryDir()) / "bench-scratch";
  std::filesystem::create_directories(dir);
  return (dir / name).string();
}

void BM_SessionWriteFrames(benchmark::State& state) {
  const auto frames = syntheticFrames(1'000'000);
  const std::string path = scratch("write.mxs");
  session::WriterOptions options;
  options.fsync = session::FsyncPolicy::kNever;
  uint64_t bytes = 0;
  for (auto _ : state) {
    auto w = session::SessionWriter::create(path, {}, options);
    if (!w.ok()) state.SkipWithError(w.status().toString().c_str());
    (void)(*w)->appendSceneChange(frames.front().startNs, "com.example.Feed");
    for (const auto& f : frames) (void)(*w)->appendFrame(f);
    (void)(*w)->close();
    bytes = (*w)->bytesWritten();
  }
  state.SetItemsProcessed(static_cast<int64_t>(state.iterations() * frames.size()));
  state.counters["bytesPerFrame"] = static_cast<double>(bytes) / static_cast<double>(frames.size());
}
BENCHMARK(BM_SessionWriteFrames)->Unit(benchmark::kMillisecond)->MinTime(3);

// A session of at least MXI_BENCH_SESSION_BYTES (default 1 GiB): 20 scenes, issues every 5000 frames.
std::string bigSession() {
  const std::string path = scratch("big.mxs");
  const uint64_t target = std::getenv("MXI_BENCH_SESSION_BYTES") ? std::stoull(std::getenv("MXI_BENCH_SESSION_BYTES"))
                                                                 : (uint64_t{1} << 30);
  if (std::filesystem::exists(path) && std::filesystem::file_size(path) >= target) {
    auto r = session::SessionReader::open(path);
    if (r.ok() && (*r)->recovery().cleanClose) return path;
  }
  const auto frames = syntheticFrames(1'000'000);
  session::WriterOptions options;
  options.fsync = session::FsyncPolicy::kNever;
  auto w = session::SessionWriter::create(path, {}, options);
  uint64_t i = 0;
  while ((*w)->bytesWritten() < target) {
    const auto& f = frames[i % frames.size()];
    if (i % 50'000 == 0)
      (void)(*w)->appendSceneChange(f.startNs, "com.example.Scene" + std::to_string(i / 50'000 % 20));
    if (i % 5'000 == 0) {
      (void)(*w)->appendIssue(
          f.startNs, R"({"tag":"Trace_EvilMethod","content":{"detail":"NORMAL","cost":900,"stackKey":"12|"}})");
    }
    framestats::Frame g = f;
    g.startNs += static_cast<int64_t>(i / frames.size()) * 20'000'000'000'000;
    (void)(*w)->appendFrame(g);
    ++i;
  }
  (void)(*w)->close();
  return path;
}

void BM_OpenAndSummarize(benchmark::State& state) {
  const std::string path = bigSession();
  uint64_t records = 0;
  for (auto _ : state) {
    auto r = session::SessionReader::open(path);
    if (!r.ok()) state.SkipWithError(r.status().toString().c_str());
    const auto s = (*r)->summarize();
    records = s.records;
    benchmark::DoNotOptimize(s.overall.fps());
  }
  state.counters["fileGiB"] = static_cast<double>(std::filesystem::file_size(path)) / (1u << 30);
  state.counters["records"] = static_cast<double>(records);
}
BENCHMARK(BM_OpenAndSummarize)->Unit(benchmark::kMillisecond)->MinTime(2);

// The same file without its footer: every block header and payload CRC is verified by the walk.
void BM_OpenAndSummarizeWithoutFooter(benchmark::State& state) {
  const std::string big = bigSession();
  const std::string path = scratch("big-nofooter.mxs");
  if (!std::filesystem::exists(path) || std::filesystem::file_size(path) + 16 != std::filesystem::file_size(big)) {
    std::filesystem::copy_file(big, path, std::filesystem::copy_options::overwrite_existing);
    std::filesystem::resize_file(path, std::filesystem::file_size(big) - 16);
  }
  for (auto _ : state) {
    auto r = session::SessionReader::open(path);
    if (!r.ok() || (*r)->recovery().cleanClose) state.SkipWithError("unexpected open result");
    benchmark::DoNotOptimize((*r)->summarize().records);
  }
}
BENCHMARK(BM_OpenAndSummarizeWithoutFooter)->Unit(benchmark::kMillisecond)->MinTime(2);

std::string fixtureText(const std::string& relative) {
  std::ifstream in(std::filesystem::path(mxi::test::referenceDir()) / "fixtures" / relative, std::ios::binary);
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

void BM_ParseAnr(benchmark::State& state) {
  const std::string text = fixtureText("anr/wanandroid_arm64-device_traces.txt");
  if (text.empty()) state.SkipWithError("reference fixtures absent");
  for (auto _ : state) benchmark::DoNotOptimize(anr::parseAnrTrace(text).ok());
  state.SetBytesProcessed(static_cast<int64_t>(state.iterations() * text.size()));
}
BENCHMARK(BM_ParseAnr);

void BM_ParseIssues(benchmark::State& state) {
  std::string text;
  const auto dir = std::filesystem::path(mxi::test::referenceDir()) / "fixtures/matrix-issues/mangatoon-production";
  if (std::filesystem::exists(dir)) {
    for (const auto& e : std::filesystem::directory_iterator(dir)) {
      text += fixtureText("matrix-issues/mangatoon-production/" + e.path().filename().string());
      if (!text.empty() && text.back() != '\n') text += '\n';
    }
  }
  if (text.empty()) state.SkipWithError("reference fixtures absent");
  size_t issues = 0;
  for (auto _ : state) {
    auto r = matrix::parseIssueText(text);
    matrix::decodeIssues(r, nullptr);
    issues = r.issues.size();
  }
  state.SetBytesProcessed(static_cast<int64_t>(state.iterations() * text.size()));
  state.SetItemsProcessed(static_cast<int64_t>(state.iterations() * issues));
}
BENCHMARK(BM_ParseIssues);

void BM_ParseFramestats(benchmark::State& state) {
  const std::string text = fixtureText("gfxinfo/topicon-t865_all-processes_framestats.txt");
  if (text.empty()) state.SkipWithError("reference fixtures absent");
  for (auto _ : state) benchmark::DoNotOptimize(framestats::parseFramestats(text).ok());
  state.SetBytesProcessed(static_cast<int64_t>(state.iterations() * text.size()));
}
BENCHMARK(BM_ParseFramestats);

}  // namespace

BENCHMARK_MAIN();
