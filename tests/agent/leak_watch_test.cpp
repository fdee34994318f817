// The desktop half of the leak watch (docs/LEAKS.md): a verdict of the agent's watcher recorded as
// it came (report, manual), or (auto) dumped, analysed beside the recorder's loop and recorded once
// with the Activity's chain — the chain `mxi leaks` finds in the zip kept beside the session; a
// candidates verdict named by the candidate whose leak the dump holds — and
// the agent's memory samples as session records. The agent is scripted (its bytes), the dump is
// written by the test's HprofWriter heap, everything else is the real recorder and analysis.
#include <gtest/gtest.h>
#include <zlib.h>

#include <filesystem>

#include "core/agentlink/leak_dump_analysis.h"
#include "core/agentlink/live_recorder.h"
#include "core/analysis/leak_analysis.h"
#include "core/analysis/leak_chain_json.h"
#include "core/analysis/leak_trace_text.h"
#include "core/hprof/dump_source.h"
#include "core/hprof/heap_index.h"
#include "core/json/json_reader.h"
#include "core/json/json_writer.h"
#include "core/protocol/frame_codec.h"
#include "core/protocol/message_codec.h"
#include "core/session/session_reader.h"
#include "core/triage/capture_files.h"
#include "core/triage/triage_run.h"
#include "core/triage/triage_store.h"
#include "tests/support/archive_writer.h"
#include "tests/support/scripted_agent_stream.h"
#include "tests/support/small_android_heap.h"
#include "tests/support/test_paths.h"

namespace mxi::core::agentlink {
namespace {

namespace fs = std::filesystem;
using test::kBool;
using test::kObj;

constexpr const char* kLeaky = "com.example.app.LeakyActivity";

// A heap holding a destroyed LeakyActivity through a static (the leak), a live MainActivity, and
// (when `collected`) no LeakyActivity at all.
std::vector<uint8_t> leakHeap(bool collected = false) {
  test::SmallAndroidHeap heap(34, "Google");
  heap.declareClass("android.content.Context", "", {});
  heap.declareClass("android.app.Activity", "android.content.Context", {{"mDestroyed", kBool}, {"mFinished", kBool}});
  heap.declareClass(kLeaky, "android.app.Activity", {});
  heap.declareClass("com.example.app.MainActivity", "android.app.Activity", {});
  heap.declareClass("com.example.app.LeakHolder", "", {{"mActivity", kObj}}, {"sHolder"});
  heap.jniGlobal(heap.newInstance("com.example.app.MainActivity"));
  if (!collected) {
    const uint64_t leaked = heap.newInstance(kLeaky, {{"mDestroyed", 1}, {"mFinished", 1}});
    heap.setStatic("com.example.app.LeakHolder", "sHolder",
                   heap.newInstance("com.example.app.LeakHolder", {{"mActivity", leaked}}));
  }
  return heap.bytes();
}

// What `mxi leaks` finds in `path` by default (every finder; a Matrix zip's key).
analysis::LeakReport leaksOf(const std::string& path) {
  NullProgress quiet;
  auto source = hprof::openDump(path, {}, quiet, CancelToken());
  EXPECT_TRUE(source.ok()) << source.status().toString();
  if (!source.ok()) return {};
  auto index = hprof::HeapIndex::build(std::move(*source), {}, quiet, CancelToken());
  EXPECT_TRUE(index.ok()) << index.status().toString();
  analysis::LeakOptions options;
  if (const auto* info = (*index)->source().matrixInfo(); info && !info->leakedActivityKey.empty()) {
    options.finders.matrixKey = info->leakedActivityKey;
  }
  auto report = analysis::analyzeLeaks(**index, options, quiet, CancelToken());
  EXPECT_TRUE(report.ok()) << report.status().toString();
  return report.ok() ? std::move(*report) : analysis::LeakReport{};
}

TEST(AnalyseLeakDumpTest, TheActivitysChainIsTheOneMxiLeaksFindsInTheZipWhichNamesTheActivity) {
  const fs::path dir = test::scratchDir("leak_dump_analysis");
  const std::string dump = (dir / "s-leak-1.hprof").string();
  ASSERT_TRUE(test::writeFile(dump, leakHeap()));
  LeakDumpRequest request{dump, kLeaky, (dir / "s-leak-1.zip").string(), "", {{"packageName", "com.example.app"}}, {}};
  NullProgress quiet;
  const auto findings = analyseLeakDump(request, quiet, CancelToken());
  ASSERT_TRUE(findings.ok()) << findings.status().toString();
  EXPECT_TRUE(findings->found);
  EXPECT_FALSE(fs::exists(dump)) << "the zip replaces the dump";
  ASSERT_TRUE(fs::exists(request.zipPath));

  const analysis::LeakReport report = leaksOf(request.zipPath);
  ASSERT_EQ(report.leaks.size(), 1u);
  const analysis::Leak& leak = report.leaks[0];
  EXPECT_EQ(leak.className, kLeaky);
  EXPECT_EQ(findings->chain, analysis::leakChainJson(leak.chain));
  EXPECT_EQ(findings->chainText, analysis::leakTraceText(leak.chain));
  EXPECT_EQ(findings->signature, leak.signature);
  EXPECT_EQ(findings->finder, "android");
  EXPECT_EQ(findings->instances, 1u);
  ASSERT_EQ(findings->chain.size(), 3u);
  EXPECT_EQ(findings->chain[1]["referenceName"], "sHolder");
  EXPECT_EQ(findings->chain[2]["className"], kLeaky);
  EXPECT_EQ(findings->chain[2]["reason"], "Activity#mDestroyed is true");

  NullProgress q;
  auto zip = hprof::openDump(request.zipPath, {}, q, CancelToken());
  ASSERT_TRUE(zip.ok()) << zip.status().toString();
  const hprof::MatrixResultInfo* info = (*zip)->matrixInfo();
  ASSERT_NE(info, nullptr);
  EXPECT_EQ(info->leakedActivityKey, kLeaky);
  EXPECT_EQ(info->hprofEntry, "s-leak-1_shrink.hprof");
  EXPECT_EQ(info->all.at("packageName"), "com.example.app");
  EXPECT_EQ(info->sdkVersion, "unknown");
}

TEST(AnalyseLeakDumpTest, AnActivityCollectedBeforeTheDumpHasNoChainAndTheDumpIsStillKept) {
  const fs::path dir = test::scratchDir("leak_dump_collected");
  const std::string dump = (dir / "c.hprof").string();
  ASSERT_TRUE(test::writeFile(dump, leakHeap(true)));
  LeakDumpRequest request{dump, kLeaky, (dir / "c.zip").string(), "7f3a", {}, {}};
  NullProgress quiet;
  const auto findings = analyseLeakDump(request, quiet, CancelToken());
  ASSERT_TRUE(findings.ok()) << findings.status().toString();
  EXPECT_FALSE(findings->found);
  EXPECT_EQ(findings->chain, nlohmann::ordered_json::array());
  EXPECT_EQ(findings->note,
            "no leak of com.example.app.LeakyActivity in the heap dump (0 other application leak(s), 0 candidate(s) "
            "only weakly reachable): it was collected between the verdict and the dump");
  NullProgress q;
  auto zip = hprof::openDump(request.zipPath, {}, q, CancelToken());
  ASSERT_TRUE(zip.ok()) << zip.status().toString();
  EXPECT_EQ((*zip)->matrixInfo()->leakedActivityKey, "7f3a") << "the verdict's ref_key, when it has one";
}

TEST(AnalyseLeakDumpTest, ADamagedDumpFailsNamingIt) {
  const fs::path dir = test::scratchDir("leak_dump_damaged");
  const std::string dump = (dir / "d.hprof").string();
  std::vector<uint8_t> bytes = leakHeap();
  bytes.resize(bytes.size() / 2);
  ASSERT_TRUE(test::writeFile(dump, bytes));
  NullProgress quiet;
  const auto findings = analyseLeakDump({dump, kLeaky, (dir / "d.zip").string(), "", {}, {}}, quiet, CancelToken());
  ASSERT_FALSE(findings.ok());
  EXPECT_NE(findings.status().message().find(dump), std::string::npos) << findings.status().toString();
  EXPECT_FALSE(fs::exists(dir / "d.zip"));
}

// The verdict the agent's watcher sends (interfaces: a Matrix ResourceCanary-shaped memory issue).
protocol::MatrixIssue verdict(int32_t pid, const std::string& mode) {
  protocol::MatrixIssue issue;
  issue.logTimeMs = 1'700'000'000'000;
  issue.pid = pid;
  issue.logTag = "mxi.LeakWatch";
  issue.tag = "memory";
  issue.kind = protocol::IssueKind::kMemory;
  issue.contentJson =
      std::string(R"({"tag":"memory","activity":")") + kLeaky +
      R"(","component":"com.example.app/.LeakyActivity","leak_process":"com.example.app","dump_mode":")" + mode +
      R"(","checks":3,"heap_activities":2,"system_activities":1,"process":"com.example.app"})";
  issue.monotonicNs = 2'000'000'000;
  return issue;
}

// A candidates verdict (docs/PROTOCOL.md "Leak watch"): one of a DetailActivity and `second`,
// destroyed between the same two checks, leaked; the counts cannot say which.
protocol::MatrixIssue candidatesVerdict(int32_t pid, const std::string& second = kLeaky) {
  protocol::MatrixIssue issue = verdict(pid, "auto");
  issue.contentJson =
      R"({"tag":"memory","activity":"one of com.example.app.DetailActivity, )" + second +
      R"(","candidates":["com.example.app/com.example.app.DetailActivity","com.example.app/)" + second +
      R"("],"leaked":1,"ref_key":"mxi-100-1700000000000-1","leak_process":"com.example.app","dump_mode":"auto",)"
      R"("checks":3,"heap_activities":2,"system_activities":1,"destroyed_at_ms":1700000000000,)"
      R"("process":"com.example.app"})";
  return issue;
}

// The agent's answer to the first transfer request (id 1): the dump, in one chunk.
std::vector<protocol::Message> dumpMessages(const std::vector<uint8_t>& bytes, int32_t pid) {
  uLongf size = compressBound(static_cast<uLong>(bytes.size()));
  std::vector<uint8_t> packed(size);
  EXPECT_EQ(compress(packed.data(), &size, bytes.data(), static_cast<uLong>(bytes.size())), Z_OK);
  packed.resize(size);
  const auto crc = static_cast<uint32_t>(crc32(crc32(0L, Z_NULL, 0), bytes.data(), static_cast<uInt>(bytes.size())));
  return {protocol::HeapDumpBegin{1, pid, bytes.size(), protocol::kHeapDumpGcFirst, bytes.size()},
          protocol::HeapDumpChunk{1, 0, static_cast<uint32_t>(bytes.size()), packed},
          protocol::HeapDumpEnd{1, bytes.size(), crc}};
}

// The scripted agent, keeping what the desktop sent it.
class ListeningAgentStream final : public adb::AdbStream {
 public:
  ListeningAgentStream(const std::vector<protocol::Message>& script, CancelToken& endOfScript,
                       std::vector<protocol::Message>& sent)
      : m_script(script, endOfScript), m_sent(sent) {}
  StatusOr<size_t> read(char* buffer, size_t size, const adb::IoLimits& limits) override {
    return m_script.read(buffer, size, limits);
  }
  Status write(std::string_view bytes, const adb::IoLimits&) override {
    m_decoder.feed(std::span(reinterpret_cast<const uint8_t*>(bytes.data()), bytes.size()));
    for (;;) {
      auto frame = m_decoder.next();
      if (!frame.ok()) return frame.status();
      if (!*frame) return okStatus();
      auto message = protocol::decodeMessage(**frame);
      if (!message.ok()) return message.status();
      m_sent.push_back(std::move(*message));
    }
  }
  void close() override {}
  std::string description() const override { return "scripted agent"; }

 private:
  test::ScriptedAgentStream m_script;
  protocol::FrameDecoder m_decoder;
  std::vector<protocol::Message>& m_sent;
};

struct Recording {
  Status status;
  std::vector<session::SessionRecord> records;  // as the session file holds them
  std::vector<LeakVerdictNotice> leaks;
  std::vector<std::string> notices;
  std::vector<protocol::Message> sent;  // what the desktop told the agent
};

Recording record(const std::string& path, protocol::LeakWatchMode mode, std::vector<protocol::Message> script,
                 uint32_t memoryIntervalMs = 1000) {
  CancelToken endOfScript;
  bool connected = false;
  Recording out;
  RecordOptions options{"com.example.app", std::chrono::milliseconds(0), 1000, path};
  options.leakWatch = mode;
  options.memoryIntervalMs = memoryIntervalMs;
  options.leakCheckIntervalMs = 250;
  options.leakChecks = 2;
  LiveRecorder recorder(
      options,
      [&](protocol::AgentHello& h) -> StatusOr<std::unique_ptr<AgentConnection>> {
        if (connected) return ioError("gone");
        connected = true;
        h.deviceModel = "Pixel 8";
        h.sdkLevel = 34;
        h.refreshMilliHz = 60000;
        h.monotonicNs = 500'000'000;
        return std::make_unique<AgentConnection>(std::make_unique<ListeningAgentStream>(script, endOfScript, out.sent));
      },
      nullptr, [&](const std::string& notice) { out.notices.push_back(notice); });
  recorder.setLeakObserver([&](const LeakVerdictNotice& n) { out.leaks.push_back(n); });
  out.status = recorder.run(endOfScript);
  auto reader = session::SessionReader::open(path);
  EXPECT_TRUE(reader.ok()) << reader.status().toString();
  if (reader.ok()) {
    EXPECT_TRUE((*reader)
                    ->forEachRecord([&](const session::SessionRecord& r) {
                      out.records.push_back(r);
                      return true;
                    })
                    .ok());
  }
  return out;
}

std::vector<const session::SessionRecord*> ofType(const Recording& r, session::RecordType type) {
  std::vector<const session::SessionRecord*> out;
  for (const auto& record : r.records) {
    if (record.type == type) out.push_back(&record);
  }
  return out;
}

nlohmann::json contentOf(const session::SessionRecord& issue) {
  auto parsed = json::parseJson(issue.text);
  EXPECT_TRUE(parsed.ok()) << issue.text;
  return parsed.ok() ? (*parsed)["content"] : nlohmann::json();
}

// The same JSON, whatever its key order.
nlohmann::json unordered(const nlohmann::ordered_json& j) { return nlohmann::json::parse(json::dumpJson(j)); }

using protocol::AppRunState;

TEST(LiveRecorderLeakWatchTest, AutoDumpsWithGcAnalysesAndRecordsOneIssueWithTheChainAndTheZip) {
  const fs::path dir = test::scratchDir("leak_watch_auto");
  const std::string path = (dir / "a.mxs").string();
  std::vector<protocol::Message> script{protocol::AppState{"com.example.app", 100, AppRunState::kRunning, true},
                                        verdict(100, "auto")};
  for (auto& m : dumpMessages(leakHeap(), 100)) script.push_back(std::move(m));
  const Recording r = record(path, protocol::LeakWatchMode::kAuto, script);
  ASSERT_TRUE(r.status.ok()) << r.status.toString();

  const auto issues = ofType(r, session::RecordType::kIssue);
  ASSERT_EQ(issues.size(), 1u) << "one issue: the verdict with what its dump gave";
  EXPECT_EQ(issues[0]->timeNs, 2'000'000'000) << "at the verdict's time";
  const nlohmann::json content = contentOf(*issues[0]);
  EXPECT_EQ(json::jsonString(content, "activity"), kLeaky);
  EXPECT_EQ(json::jsonString(content, "dump_mode"), "auto");
  EXPECT_EQ(json::jsonString(content, "resultZipPath"), "a-leak-1.zip");
  const std::string zip = (dir / "a-leak-1.zip").string();
  ASSERT_TRUE(fs::exists(zip));
  EXPECT_FALSE(fs::exists(dir / "a-leak-1.hprof")) << "the zip is what is kept";
  const analysis::LeakReport report = leaksOf(zip);
  ASSERT_EQ(report.leaks.size(), 1u);
  EXPECT_EQ(content.at("leak_chain"), unordered(analysis::leakChainJson(report.leaks[0].chain)));
  EXPECT_EQ(json::jsonString(content, "leak_detail"), analysis::leakTraceText(report.leaks[0].chain));
  EXPECT_EQ(json::jsonString(content, "leak_signature"), report.leaks[0].signature);

  const auto dumps = ofType(r, session::RecordType::kHeapDump);
  ASSERT_EQ(dumps.size(), 1u);
  EXPECT_EQ(dumps[0]->text, zip);
  EXPECT_EQ(dumps[0]->detail, "leak watch: com.example.app.LeakyActivity (auto dump, shrunk Matrix upload zip)");
  // The agent was told the mode, then asked for a dump of the verdict's process, with GC first.
  ASSERT_GE(r.sent.size(), 2u);
  const auto* collect = std::get_if<protocol::StartCollecting>(&r.sent[0]);
  ASSERT_NE(collect, nullptr);
  EXPECT_EQ(collect->memoryIntervalMs, 1000u);
  EXPECT_EQ(collect->leakWatch, protocol::LeakWatchMode::kAuto);
  EXPECT_EQ(collect->leakCheckIntervalMs, 250u);
  EXPECT_EQ(collect->leakChecks, 2u);
  const auto* request = std::get_if<protocol::HeapDumpRequest>(&r.sent[1]);
  ASSERT_NE(request, nullptr);
  EXPECT_EQ(*request, (protocol::HeapDumpRequest{1, "com.example.app", 100, protocol::kHeapDumpGcFirst}));
  ASSERT_EQ(r.leaks.size(), 1u);
  EXPECT_TRUE(r.leaks[0].chainFound);
  EXPECT_EQ(r.leaks[0].zipPath, zip);
  EXPECT_EQ(r.leaks[0].pid, 100);

  NullProgress quiet;
  auto source = hprof::openDump(zip, {}, quiet, CancelToken());
  ASSERT_TRUE(source.ok());
  const auto& info = (*source)->matrixInfo()->all;
  EXPECT_EQ(info.at("sdkVersion"), "34");
  EXPECT_EQ(info.at("model"), "Pixel 8");
  EXPECT_EQ(info.at("packageName"), "com.example.app");
  EXPECT_EQ(info.at("session"), "a.mxs");
}

TEST(LiveRecorderLeakWatchTest, ReportAndManualRecordTheVerdictAsItCameWithoutADump) {
  for (const auto mode : {protocol::LeakWatchMode::kReport, protocol::LeakWatchMode::kManual}) {
    const std::string name = protocol::leakWatchModeName(mode);
    const fs::path dir = test::scratchDir("leak_watch_" + name);
    const protocol::MatrixIssue issue = verdict(100, name);
    const Recording r = record((dir / "r.mxs").string(), mode,
                               {protocol::AppState{"com.example.app", 100, AppRunState::kRunning, true}, issue});
    ASSERT_TRUE(r.status.ok()) << r.status.toString();
    const auto issues = ofType(r, session::RecordType::kIssue);
    ASSERT_EQ(issues.size(), 1u) << name;
    const nlohmann::json content = contentOf(*issues[0]);
    EXPECT_EQ(content, nlohmann::json::parse(issue.contentJson)) << name;
    EXPECT_TRUE(ofType(r, session::RecordType::kHeapDump).empty()) << name;
    for (const auto& m : r.sent) EXPECT_FALSE(std::holds_alternative<protocol::HeapDumpRequest>(m)) << name;
    ASSERT_EQ(r.leaks.size(), 1u) << name;
    EXPECT_EQ(r.leaks[0].mode, mode);
    EXPECT_EQ(r.notices.back(),
              "leak watch: com.example.app.LeakyActivity (pid 100) was destroyed and survived the GC-forced checks");
  }
}

// auto with a candidates verdict: the dump's leak among the candidates' classes names the issue
// (its chain, its component); the candidates stay listed.
TEST(LiveRecorderLeakWatchTest, AutoNamesACandidatesVerdictByTheLeakTheDumpHolds) {
  const fs::path dir = test::scratchDir("leak_watch_candidates");
  const std::string path = (dir / "c.mxs").string();
  std::vector<protocol::Message> script{protocol::AppState{"com.example.app", 100, AppRunState::kRunning, true},
                                        candidatesVerdict(100)};
  for (auto& m : dumpMessages(leakHeap(), 100)) script.push_back(std::move(m));
  const Recording r = record(path, protocol::LeakWatchMode::kAuto, script);
  ASSERT_TRUE(r.status.ok()) << r.status.toString();
  const auto issues = ofType(r, session::RecordType::kIssue);
  ASSERT_EQ(issues.size(), 1u);
  const nlohmann::json content = contentOf(*issues[0]);
  EXPECT_EQ(json::jsonString(content, "activity"), kLeaky);
  EXPECT_EQ(json::jsonString(content, "component"), std::string("com.example.app/") + kLeaky);
  EXPECT_EQ(content.at("candidates"),
            nlohmann::json::parse(R"(["com.example.app/com.example.app.DetailActivity","com.example.app/)" +
                                  std::string(kLeaky) + "\"]"));
  EXPECT_EQ(content.at("leaked"), 1);
  const std::string zip = (dir / "c-leak-1.zip").string();
  const analysis::LeakReport report = leaksOf(zip);
  ASSERT_EQ(report.leaks.size(), 1u);
  EXPECT_EQ(content.at("leak_chain"), unordered(analysis::leakChainJson(report.leaks[0].chain)));
  EXPECT_EQ(json::jsonString(content, "leak_signature"), report.leaks[0].signature);
  const auto dumps = ofType(r, session::RecordType::kHeapDump);
  ASSERT_EQ(dumps.size(), 1u);
  EXPECT_EQ(dumps[0]->detail, "leak watch: com.example.app.LeakyActivity (auto dump, shrunk Matrix upload zip)");
  ASSERT_EQ(r.leaks.size(), 1u);
  EXPECT_EQ(r.leaks[0].activity, kLeaky);
  EXPECT_TRUE(r.leaks[0].chainFound);
  EXPECT_EQ(r.notices.front(),
            "leak watch: one of com.example.app.DetailActivity, com.example.app.LeakyActivity (pid 100) was destroyed "
            "and survived the GC-forced checks; dumping its heap");
}

// None of the candidates leaked in the dump (the application's leak is of another class): the
// verdict stays "one of", with the reason and no chain.
TEST(LiveRecorderLeakWatchTest, AutoCandidatesVerdictWhoseDumpHoldsNoneOfThemSaysSo) {
  const fs::path dir = test::scratchDir("leak_watch_candidates_none");
  std::vector<protocol::Message> script{protocol::AppState{"com.example.app", 100, AppRunState::kRunning, true},
                                        candidatesVerdict(100, "com.example.app.SettingsActivity")};
  for (auto& m : dumpMessages(leakHeap(), 100)) script.push_back(std::move(m));
  const Recording r = record((dir / "n.mxs").string(), protocol::LeakWatchMode::kAuto, script);
  ASSERT_TRUE(r.status.ok()) << r.status.toString();
  const auto issues = ofType(r, session::RecordType::kIssue);
  ASSERT_EQ(issues.size(), 1u);
  const nlohmann::json content = contentOf(*issues[0]);
  EXPECT_EQ(json::jsonString(content, "activity"),
            "one of com.example.app.DetailActivity, com.example.app.SettingsActivity");
  EXPECT_FALSE(content.contains("component"));
  EXPECT_EQ(content.at("leak_chain"), nlohmann::json::array());
  EXPECT_EQ(json::jsonString(content, "leak_detail"),
            "no leak of one of com.example.app.DetailActivity, com.example.app.SettingsActivity in the heap dump (1 "
            "other application leak(s), 0 candidate(s) only weakly reachable): it was collected between the verdict "
            "and the dump");
  EXPECT_TRUE(fs::exists(dir / "n-leak-1.zip")) << "the dump is kept all the same";
  ASSERT_EQ(r.leaks.size(), 1u);
  EXPECT_FALSE(r.leaks[0].chainFound);
}

// The app dies between the verdict and its dump: the dump of its successor would not hold the
// leaked instance, so none is asked for, and the verdict says why it has no chain.
TEST(LiveRecorderLeakWatchTest, AutoVerdictOfAProcessThatDiedIsRecordedWithoutADumpSayingWhy) {
  const fs::path dir = test::scratchDir("leak_watch_died");
  const Recording r =
      record((dir / "d.mxs").string(), protocol::LeakWatchMode::kAuto,
             {protocol::AppState{"com.example.app", 100, AppRunState::kRunning, true},
              protocol::AppState{"com.example.app", 0, AppRunState::kStopped, false}, verdict(100, "auto")});
  ASSERT_TRUE(r.status.ok()) << r.status.toString();
  const auto issues = ofType(r, session::RecordType::kIssue);
  ASSERT_EQ(issues.size(), 1u);
  const nlohmann::json content = contentOf(*issues[0]);
  EXPECT_EQ(json::jsonString(content, "activity"), kLeaky);
  EXPECT_EQ(json::jsonString(content, "leak_detail"), "not dumped: process 100 ended before its heap could be dumped");
  EXPECT_FALSE(content.contains("leak_chain"));
  EXPECT_TRUE(ofType(r, session::RecordType::kHeapDump).empty());
  EXPECT_FALSE(fs::exists(dir / "d-leak-1.zip"));
}

// The dump fails on the phone (the process died during am dumpheap): the verdict is kept.
TEST(LiveRecorderLeakWatchTest, AFailedAutoDumpKeepsTheVerdictWithTheAgentsReason) {
  const fs::path dir = test::scratchDir("leak_watch_failed");
  const Recording r =
      record((dir / "f.mxs").string(), protocol::LeakWatchMode::kAuto,
             {protocol::AppState{"com.example.app", 100, AppRunState::kRunning, true}, verdict(100, "auto"),
              protocol::Error{protocol::ErrorCode::kHeapDumpFailed, 1, "am dumpheap: process 100 is gone"}});
  ASSERT_TRUE(r.status.ok()) << r.status.toString();
  const auto issues = ofType(r, session::RecordType::kIssue);
  ASSERT_EQ(issues.size(), 1u);
  EXPECT_EQ(json::jsonString(contentOf(*issues[0]), "leak_detail").rfind("not dumped: ", 0), 0u) << issues[0]->text;
  ASSERT_EQ(r.leaks.size(), 1u);
  EXPECT_FALSE(r.leaks[0].chainFound);
}

// `mxi triage` over a recordings folder: the zips auto mode keeps beside two sessions are found by
// their content, read as Matrix uploads naming the app, and the one leak counts twice.
TEST(LiveRecorderLeakWatchTest, TriageOverTwoRecordedSessionsCountsTheLeakInBoth) {
  const fs::path dir = test::scratchDir("leak_watch_triage");
  fs::create_directories(dir / "recordings");
  for (const char* name : {"first.mxs", "second.mxs"}) {
    std::vector<protocol::Message> script{protocol::AppState{"com.example.app", 100, AppRunState::kRunning, true},
                                          verdict(100, "auto")};
    for (auto& m : dumpMessages(leakHeap(), 100)) script.push_back(std::move(m));
    const Recording r = record((dir / "recordings" / name).string(), protocol::LeakWatchMode::kAuto, script);
    ASSERT_TRUE(r.status.ok()) << r.status.toString();
  }
  auto files = triage::findCaptures({(dir / "recordings").string()});
  ASSERT_TRUE(files.ok()) << files.status().toString();
  std::vector<std::string> found;
  for (const auto& f : *files)
    found.push_back(fs::path(f.path).filename().string() + " " + triage::captureTypeName(f.type));
  EXPECT_EQ(found, (std::vector<std::string>{"first-leak-1.zip hprof", "first.mxs session", "second-leak-1.zip hprof",
                                             "second.mxs session"}));
  auto store = triage::openTriageStore((dir / "triage.sqlite").string());
  ASSERT_TRUE(store.ok()) << store.status().toString();
  triage::TriageOptions options;
  options.workers = 1;
  auto run = triage::runTriage(*files, **store, options, nullptr, CancelToken());
  ASSERT_TRUE(run.ok()) << run.status().toString();
  auto signatures = (*store)->signatures();
  ASSERT_TRUE(signatures.ok()) << signatures.status().toString();
  std::vector<const triage::SignatureSummary*> leaks;
  for (const auto& sig : *signatures) {
    if (sig.kind == triage::SignatureKind::kLeak) leaks.push_back(&sig);
  }
  ASSERT_EQ(leaks.size(), 1u);
  EXPECT_EQ(leaks[0]->className, kLeaky);
  EXPECT_EQ(leaks[0]->captures, 2u);
  const analysis::LeakReport report = leaksOf((dir / "recordings" / "first-leak-1.zip").string());
  ASSERT_EQ(report.leaks.size(), 1u);
  EXPECT_EQ(leaks[0]->signature, report.leaks[0].signature);
  auto captures = (*store)->captures();
  ASSERT_TRUE(captures.ok());
  for (const auto& c : *captures) {
    if (c.info.kind == "hprof") {
      EXPECT_EQ(c.info.appPackage, "com.example.app") << c.info.path;
    }
  }
}

// Each sample of the agent is a kMemory record with the same values, in the session and its
// sinks; a recording of memory alone is kept (it holds a timeline).
TEST(LiveRecorderMemoryTest, EachSampleIsAMemoryRecordWithTheSameValues) {
  const fs::path dir = test::scratchDir("live_recorder_memory");
  protocol::MemorySample a;
  a.monotonicNs = 1'000'000'000;
  a.pid = 100;
  a.javaHeapKb = 12'000;
  a.nativeHeapKb = 30'500;
  a.codeKb = 8'000;
  a.stackKb = 600;
  a.graphicsKb = 4'200;
  a.privateOtherKb = 1'100;
  a.systemKb = 9'000;
  a.totalPssKb = 65'400;
  a.totalRssKb = 120'000;
  a.totalSwapKb = 0;
  a.source = "dumpsys meminfo --local";
  protocol::MemorySample b;  // a layout without App Summary: the total only
  b.monotonicNs = 2'000'000'000;
  b.pid = 100;
  b.totalPssKb = 66'000;
  b.marks = protocol::kSampleLeakFound;
  const Recording r = record((dir / "m.mxs").string(), protocol::LeakWatchMode::kOff,
                             {protocol::AppState{"com.example.app", 100, AppRunState::kRunning, true}, a, b}, 500);
  ASSERT_TRUE(r.status.ok()) << r.status.toString();
  const auto memory = ofType(r, session::RecordType::kMemory);
  ASSERT_EQ(memory.size(), 2u);
  meminfo::MemorySample first;
  first.timeNs = 1'000'000'000;
  first.pid = 100;
  first.javaHeapKb = 12'000;
  first.nativeHeapKb = 30'500;
  first.codeKb = 8'000;
  first.stackKb = 600;
  first.graphicsKb = 4'200;
  first.privateOtherKb = 1'100;
  first.systemKb = 9'000;
  first.totalPssKb = 65'400;
  first.totalRssKb = 120'000;
  first.totalSwapKb = 0;
  EXPECT_EQ(memory[0]->memory, first);
  EXPECT_EQ(memory[0]->timeNs, 1'000'000'000);
  meminfo::MemorySample second;
  second.timeNs = 2'000'000'000;
  second.pid = 100;
  second.totalPssKb = 66'000;
  second.marks = meminfo::kMemoryMarkLeakFound;
  EXPECT_EQ(memory[1]->memory, second);
  const auto* collect = std::get_if<protocol::StartCollecting>(&r.sent.at(0));
  ASSERT_NE(collect, nullptr);
  EXPECT_EQ(collect->memoryIntervalMs, 500u);
  EXPECT_EQ(collect->leakWatch, protocol::LeakWatchMode::kOff);
  EXPECT_TRUE(fs::exists(dir / "m.mxs"));
}

}  // namespace
}  // namespace mxi::core::agentlink
