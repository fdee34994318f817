// The unchanged host-built mxi-agent against the simulated Android tools (no adb in between):
// handshake and token, frames per scene equal to the replayed capture, every Matrix issue and
// the ANR exactly once, a byte-identical heap dump, hostile input refused, one client, idle exit.
#include <gtest/gtest.h>

#include <zlib.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <optional>
#include <regex>
#include <set>
#include <sstream>
#include <thread>
#include <tuple>

#include "tests/agent/agent_client.h"
#include "tests/agent/replayed_capture.h"
#include "tests/support/method_trace_fixtures.h"
#include "tests/support/programs.h"
#include "tests/support/test_paths.h"

namespace mxi::test {
namespace {

namespace fs = std::filesystem;
namespace proto = core::protocol;
using namespace std::chrono_literals;

std::vector<std::string> splitLines(const std::string& text) {
  std::vector<std::string> out;
  std::stringstream ss(text);
  for (std::string l; std::getline(ss, l);) {
    if (!l.empty() && l.back() == '\r') l.pop_back();
    out.push_back(l);
  }
  return out;
}

// Matrix drop levels of one frame: Best [0,3) Normal [3,9) Middle [9,24) High [24,42) Frozen [42,∞)
// dropped vsyncs, dropped = ⌊(FrameCompleted − IntendedVsync) / period⌋.
int level(int64_t durationNs, int64_t periodNs) {
  const int64_t dropped = durationNs / periodNs;
  if (dropped >= 42) return 4;
  if (dropped >= 24) return 3;
  if (dropped >= 9) return 2;
  if (dropped >= 3) return 1;
  return 0;
}
class AgentSimTest : public ::testing::Test {
 protected:
  void SetUp() override {
    if (referenceDir().empty()) GTEST_SKIP() << "../shared/reference is absent: nothing to replay";
    const std::string name = ::testing::UnitTest::GetInstance()->current_test_info()->name();
    m_scratch = scratchDir("agent_sim/" + name);
    m_token = "tok" + std::to_string(getpid()) + "_" + name.substr(0, 20);
    m_env = {{"MXI_SIM_STATE", (m_scratch / "state").string()},
             {"MXI_SIM_FRAME_MS", "4"},
             {"MXI_SIM_LOG_MS", "4"},
             {"MXI_SIM_ANR_AT_MS", "300"},
             {"MXI_SIM_LEAD_MS", "300"},
             {"MXI_SIM_REFERENCE", (fs::path(referenceDir()) / "fixtures").string()}};
  }

  void startAgent(std::vector<std::string> extra = {}) {
    std::vector<std::string> args = {"--token",          m_token,
                                     "--tool-dir",       std::string(build::simRoot()) + "/bin",
                                     "--data-dir",       (m_scratch / "agent-data").string(),
                                     "--idle-timeout",   "20",
                                     "--heap-stable-ms", "200"};
    args.insert(args.end(), extra.begin(), extra.end());
    m_agent = std::make_unique<AgentProcess>(build::agent(), args, m_env);
    ASSERT_GT(m_agent->pid(), 0);
  }

  // Connects and completes the handshake.
  void handshake(AgentClient& c) {
    ASSERT_TRUE(c.connect(m_token));
    ASSERT_TRUE(c.send(proto::Hello{proto::kProtocolVersion, m_token, "agent_sim_test"}));
    auto m = c.receive();
    ASSERT_TRUE(m.has_value());
    const auto* hello = std::get_if<proto::AgentHello>(&*m);
    ASSERT_NE(hello, nullptr);
    EXPECT_EQ(hello->deviceModel, "T865");
    EXPECT_EQ(hello->sdkLevel, m_env.count("MXI_SIM_SDK") ? std::stoul(m_env["MXI_SIM_SDK"]) : 34u);
    EXPECT_EQ(hello->abi, "x86_64");
    EXPECT_EQ(hello->refreshMilliHz, 60000u);
    EXPECT_EQ(hello->buildHash.size(), 16u);
  }

  std::string calls() { return readFile(m_scratch / "state" / "calls.log"); }

  // Runs a simulated tool ("am force-stop PKG") with this test's settings, as the phone's shell would.
  void runTool(const std::string& commandLine) {
    std::string cmd = "env";
    for (const auto& [k, v] : m_env) cmd += " " + k + "='" + v + "'";
    cmd += " " + std::string(build::simRoot()) + "/bin/" + commandLine + " > /dev/null";
    ASSERT_EQ(std::system(cmd.c_str()), 0) << cmd;
  }
  // Starts the replay's timeline now, as the agent's first look at the log would.
  void startTimeline() { runTool("logcat -d"); }

  fs::path m_scratch;
  std::string m_token;
  std::map<std::string, std::string> m_env;
  std::unique_ptr<AgentProcess> m_agent;
};

TEST(AgentBinary, VersionPrintsVersionAndBuildHash) {
  const std::string out = scratchDir("agent_version") / "out.txt";
  const std::string cmd = std::string(build::agent()) + " --version > " + out;
  ASSERT_EQ(std::system(cmd.c_str()), 0);
  EXPECT_TRUE(std::regex_match(readFile(out), std::regex("mxi-agent [0-9]+\\.[0-9]+\\.[0-9]+ [0-9a-f]{16}\n")))
      << readFile(out);
}

// The app's process as the agent reports it: at once after StartCollecting (here: not running),
// then as it starts (a new pid) and is force-stopped.
TEST_F(AgentSimTest, AppStateSaysAtOnceThatTheAppDoesNotRunThenFollowsItsProcess) {
  m_env["MXI_SIM_STOPPED"] = "com.android.settings";
  startAgent();
  AgentClient c;
  handshake(c);
  ASSERT_TRUE(c.send(proto::StartCollecting{"com.android.settings", 200, proto::kCollectAll}));
  // The next AppState about another pid than `pid` (the one in front or not says nothing new here).
  auto nextAppState = [&](int32_t pid) -> std::optional<proto::AppState> {
    const auto end = std::chrono::steady_clock::now() + 10s;
    while (std::chrono::steady_clock::now() < end) {
      auto m = c.receive(500ms);
      const auto* state = m ? std::get_if<proto::AppState>(&*m) : nullptr;
      if (state != nullptr && (state->pid != pid || pid == -1)) return *state;
    }
    return std::nullopt;
  };
  const auto first = nextAppState(-1);
  ASSERT_TRUE(first.has_value());
  EXPECT_EQ(first->packageName, "com.android.settings");
  EXPECT_EQ(first->pid, 0);
  EXPECT_EQ(first->state, proto::AppRunState::kStopped);
  runTool("am start -a android.intent.action.MAIN -c android.intent.category.LAUNCHER com.android.settings");
  const auto started = nextAppState(0);
  ASSERT_TRUE(started.has_value());
  EXPECT_EQ(started->pid, 30001);
  EXPECT_EQ(started->state, proto::AppRunState::kRunning);
  runTool("am force-stop com.android.settings");
  const auto stopped = nextAppState(30001);
  ASSERT_TRUE(stopped.has_value());
  EXPECT_EQ(stopped->pid, 0);
  EXPECT_EQ(stopped->state, proto::AppRunState::kStopped);
}

// A desktop of another protocol version is refused with both versions named, before any data.
TEST_F(AgentSimTest, AHelloOfAnotherProtocolIsRefusedNamingBothVersions) {
  startAgent();
  AgentClient c;
  ASSERT_TRUE(c.connect(m_token));
  ASSERT_TRUE(c.send(proto::Hello{static_cast<uint16_t>(proto::kProtocolVersion + 1), m_token, "future"}));
  auto m = c.receive();
  ASSERT_TRUE(m.has_value());
  const auto& err = std::get<proto::Error>(*m);
  EXPECT_EQ(err.code, proto::ErrorCode::kBadRequest);
  EXPECT_EQ(err.message, "this agent speaks protocol " + std::to_string(proto::kProtocolVersion) + ", the desktop " +
                             std::to_string(proto::kProtocolVersion + 1) + ": deploy the agent of the desktop's build");
  EXPECT_FALSE(c.receive(2s).has_value());
  EXPECT_TRUE(c.closed());
}

TEST_F(AgentSimTest, WrongTokenIsRefused) {
  startAgent();
  AgentClient c;
  ASSERT_TRUE(c.connect(m_token));
  ASSERT_TRUE(c.send(proto::Hello{proto::kProtocolVersion, m_token + "x", "intruder"}));
  auto m = c.receive();
  ASSERT_TRUE(m.has_value());
  const auto& err = std::get<proto::Error>(*m);
  EXPECT_EQ(err.code, proto::ErrorCode::kBadToken);
  EXPECT_EQ(err.message, "wrong session token");
  EXPECT_FALSE(c.receive(2s).has_value());
  EXPECT_TRUE(c.closed());
  // A message before Hello is refused the same way.
  AgentClient c2;
  ASSERT_TRUE(c2.connect(m_token));
  ASSERT_TRUE(c2.send(proto::StartCollecting{"com.android.settings", 200, proto::kCollectAll}));
  auto m2 = c2.receive();
  ASSERT_TRUE(m2.has_value());
  EXPECT_EQ(std::get<proto::Error>(*m2).message, "the first message must be Hello");
  // The right token still works afterwards.
  AgentClient ok;
  handshake(ok);
}

TEST_F(AgentSimTest, FramesPerSceneEqualTheReplayedCapture) {
  const fs::path capture = fs::path(referenceDir()) / "fixtures/gfxinfo/topicon-t865_all-processes_framestats.txt";
  // The agent sends every row, garbage stamps too (the desktop's recorder judges them).
  const test::ReplayedFrames replayed = test::replayedFrames(readFile(capture), "com.android.settings", false);
  ASSERT_EQ(replayed.rows, 67u + 80 + 120);  // PROVENANCE.md: the settings windows
  const test::SceneHistogram& expected = replayed.histogram;
  const auto expectedRows = static_cast<int>(replayed.rows);
  startAgent();
  AgentClient c;
  handshake(c);
  ASSERT_TRUE(c.send(proto::StartCollecting{"com.android.settings", 200, proto::kCollectAll}));
  test::SceneHistogram got;
  std::vector<std::string> scenes;
  std::set<std::tuple<std::string, int64_t, int64_t>> rows;  // scene, IntendedVsync, FrameCompleted
  int frames = 0;
  const auto end = std::chrono::steady_clock::now() + 15s;
  // Until every row arrived, then one more second to catch duplicates.
  auto settle = std::chrono::steady_clock::time_point::max();
  while (std::chrono::steady_clock::now() < std::min(end, settle)) {
    auto m = c.receive(500ms);
    if (!m) continue;
    if (const auto* s = std::get_if<proto::SceneChange>(&*m)) scenes.push_back(s->activity);
    if (const auto* b = std::get_if<proto::FrameBatch>(&*m)) {
      EXPECT_EQ(b->packageName, "com.android.settings");
      EXPECT_EQ(b->refreshPeriodNs, 16'666'666u);
      for (const auto& f : b->frames) {
        ++frames;
        rows.emplace(b->scene, f.intendedVsync, f.frameCompleted);
        if (f.flags != 0) continue;
        got[b->scene][static_cast<size_t>(level(f.frameCompleted - f.intendedVsync, 16'666'667))]++;
      }
      if (frames == expectedRows && settle == std::chrono::steady_clock::time_point::max()) {
        settle = std::chrono::steady_clock::now() + 1s;
      }
    }
  }
  EXPECT_EQ(frames, expectedRows);
  EXPECT_EQ(rows.size(), static_cast<size_t>(expectedRows));  // no row twice
  EXPECT_EQ(got, expected);
  EXPECT_EQ(expected.size(), 3u);
  // The focused activity followed the windows as they drew, in their order, to the last one. Which
  // of them the first `dumpsys activity` catches depends on how fast the agent polls (the replay
  // draws a window in 0.3 s): a sanitizer build may see the homepage already gone.
  ASSERT_GE(scenes.size(), 1u);
  const std::vector<std::string> windows{"com.android.settings.homepage.SettingsHomepageActivity",
                                         "com.android.settings.SubSettings", "com.android.settings.spa.SpaActivity"};
  auto next = windows.begin();
  for (const std::string& scene : scenes) {
    next = std::find(next, windows.end(), scene);
    ASSERT_NE(next, windows.end()) << scene << " out of the windows' order";
  }
  EXPECT_EQ(scenes.back(), windows.back());
}

TEST_F(AgentSimTest, EveryMatrixIssueArrivesExactlyOnce) {
  // Expected: every line of the production capture, content verbatim (logcat cuts entries
  // longer than its 4068-byte payload; those arrive marked truncated, as a prefix).
  const fs::path dir = fs::path(referenceDir()) / "fixtures/matrix-issues/mangatoon-production";
  std::vector<fs::path> files;
  for (const auto& e : fs::directory_iterator(dir)) files.push_back(e.path());
  std::sort(files.begin(), files.end());
  std::vector<std::string> contents;
  for (const auto& f : files) {
    for (const std::string& l : splitLines(readFile(f))) {
      if (l.empty()) continue;
      // The wrapper's "content" object, wherever it sits among the keys (matched braces).
      const size_t at = l.find("\"content\":{");
      ASSERT_NE(at, std::string::npos);
      size_t end = at + 10;
      for (int depth = 0; end < l.size(); ++end) {
        if (l[end] == '"') {
          for (++end; l[end] != '"'; ++end) end += l[end] == '\\';
        } else if (l[end] == '{') {
          ++depth;
        } else if (l[end] == '}' && --depth == 0) {
          break;
        }
      }
      contents.push_back(l.substr(at + 10, end - at - 9));
    }
  }
  ASSERT_EQ(contents.size(), 470u);
  startAgent();
  AgentClient c;
  handshake(c);
  ASSERT_TRUE(
      c.send(proto::StartCollecting{"mobi.mangatoon.comics.aphone.portuguese", 200, proto::kCollectMatrixIssues}));
  std::vector<proto::MatrixIssue> issues;
  const auto end = std::chrono::steady_clock::now() + 20s;
  auto settle = std::chrono::steady_clock::time_point::max();
  while (std::chrono::steady_clock::now() < std::min(end, settle)) {
    auto m = c.receive(500ms);
    if (!m) continue;
    if (auto* i = std::get_if<proto::MatrixIssue>(&*m)) issues.push_back(*i);
    if (issues.size() == contents.size() && settle == std::chrono::steady_clock::time_point::max()) {
      settle = std::chrono::steady_clock::now() + 1s;
    }
  }
  ASSERT_EQ(issues.size(), contents.size());
  int truncated = 0;
  for (size_t i = 0; i < issues.size(); ++i) {
    EXPECT_EQ(issues[i].pid, 21003);
    EXPECT_EQ(issues[i].tag, "Trace_EvilMethod");
    EXPECT_EQ(issues[i].kind, proto::IssueKind::kEvilMethod);
    EXPECT_EQ(issues[i].logTag, "Matrix.DefaultPluginListener");
    if (issues[i].truncated) {
      ++truncated;
      EXPECT_TRUE(contents[i].starts_with(issues[i].contentJson)) << i;
      EXPECT_GT(contents[i].size(), 3900u) << i;
    } else {
      EXPECT_EQ(issues[i].contentJson, contents[i]) << i;
    }
  }
  int longOnes = 0;
  const size_t room = 4068 - std::string("Matrix.DefaultPluginListener").size() - 2;
  for (const auto& s : contents) {
    longOnes +=
        std::string("report issue content: tag[Trace_EvilMethod]type[0];key[null];content[" + s + "]").size() > room;
  }
  EXPECT_EQ(truncated, longOnes);
}

TEST_F(AgentSimTest, LogcatResumesFromTheGivenDeviceTime) {
  startAgent();
  AgentClient c;
  ASSERT_TRUE(c.connect(m_token));
  ASSERT_TRUE(c.send(proto::Hello{proto::kProtocolVersion, m_token, "agent_sim_test"}));
  auto m = c.receive();
  ASSERT_TRUE(m.has_value());
  const uint64_t helloWallMs = std::get<proto::AgentHello>(*m).wallClockMs;
  const uint64_t nowMs = static_cast<uint64_t>(
      std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::system_clock::now().time_since_epoch())
          .count());
  EXPECT_LE(helloWallMs, nowMs);
  EXPECT_GT(helloWallMs + 5000, nowMs);
  // Wait until every issue of the capture was logged (300 ms lead + 470 × 4 ms), as if the agent
  // had been down meanwhile.
  startTimeline();
  std::this_thread::sleep_for(2500ms);
  const std::string pkg = "mobi.mangatoon.comics.aphone.portuguese";
  ASSERT_TRUE(c.send(proto::StartCollecting{pkg, 200, proto::kCollectMatrixIssues}));  // from now: nothing
  int fromNow = 0;
  for (auto end = std::chrono::steady_clock::now() + 1s; std::chrono::steady_clock::now() < end;) {
    if (auto got = c.receive(200ms); got && std::holds_alternative<proto::MatrixIssue>(*got)) ++fromNow;
  }
  EXPECT_EQ(fromNow, 0);
  ASSERT_TRUE(c.send(proto::StartCollecting{pkg, 200, proto::kCollectMatrixIssues, helloWallMs}));
  std::vector<proto::MatrixIssue> issues;
  // All 470, however slowly a loaded machine sends them (the deadline only stops a hang).
  for (auto end = std::chrono::steady_clock::now() + 60s;
       std::chrono::steady_clock::now() < end && issues.size() < 470;) {
    if (auto got = c.receive(500ms)) {
      if (auto* i = std::get_if<proto::MatrixIssue>(&*got)) issues.push_back(*i);
    }
  }
  ASSERT_EQ(issues.size(), 470u);
  // Each issue's logcat time is mapped onto CLOCK_MONOTONIC (the clock frames use).
  timespec mono{}, real{};
  clock_gettime(CLOCK_MONOTONIC, &mono);
  clock_gettime(CLOCK_REALTIME, &real);
  const int64_t offsetNs = (real.tv_sec - mono.tv_sec) * 1'000'000'000LL + (real.tv_nsec - mono.tv_nsec);
  for (const auto& i : issues) {
    EXPECT_NEAR(static_cast<double>(static_cast<int64_t>(i.monotonicNs) -
                                    (static_cast<int64_t>(i.logTimeMs) * 1'000'000 - offsetNs)),
                0.0, 5e6);
  }
  EXPECT_EQ(issues.back().logTimeMs - issues.front().logTimeMs, 469u * 4u);
  char since[32];
  std::snprintf(since, sizeof since, "-T %llu.%03llu\n", static_cast<unsigned long long>(helloWallMs / 1000),
                static_cast<unsigned long long>(helloWallMs % 1000));
  EXPECT_NE(calls().find(since), std::string::npos) << calls();
}

TEST_F(AgentSimTest, AnrArrivesOnceWithTheMainThreadInItsTraces) {
  startAgent();
  AgentClient c;
  handshake(c);
  ASSERT_TRUE(c.send(proto::StartCollecting{"com.example.shinelon.wanandroid", 200, proto::kCollectAll}));
  std::vector<proto::AnrReport> anrs;
  // The first ANR however slowly it comes, then 2 s more in which a second copy would show.
  auto end = std::chrono::steady_clock::now() + 60s;
  while (std::chrono::steady_clock::now() < end) {
    auto m = c.receive(500ms);
    if (!m) continue;
    if (auto* a = std::get_if<proto::AnrReport>(&*m)) {
      if (anrs.empty()) end = std::chrono::steady_clock::now() + 2s;
      anrs.push_back(*a);
    }
  }
  ASSERT_EQ(anrs.size(), 1u);
  EXPECT_EQ(anrs[0].pid, 18672);
  EXPECT_EQ(anrs[0].packageName, "com.example.shinelon.wanandroid");
  EXPECT_TRUE(anrs[0].reason.starts_with("Input dispatching timed out")) << anrs[0].reason;
  // The desktop finds the main thread in the traces (core/anr/anr_trace.h).
  const size_t main = anrs[0].traces.find("\n\"main\" prio=5 tid=1 Suspended");
  ASSERT_NE(main, std::string::npos) << anrs[0].traces.substr(0, 200);
  EXPECT_NE(anrs[0].traces.find("ViewPager.populate", main), std::string::npos);
  EXPECT_NE(anrs[0].traces.find("----- end 18672 -----"), std::string::npos);
  // The traces are the real file's app section, byte for byte.
  const std::string real = readFile(fs::path(referenceDir()) / "fixtures/anr/wanandroid_arm64-device_traces.txt");
  const std::string section = real.substr(real.find("----- pid 18672"),
                                          real.find("----- end 18672 -----\n") + 22 - real.find("----- pid 18672"));
  EXPECT_NE(anrs[0].traces.find(section), std::string::npos);
}

TEST_F(AgentSimTest, HeapDumpArrivesByteIdentical) {
  const fs::path dump = fs::path(fixtureDumpDir()) / "android_heap.hprof";
  ASSERT_TRUE(fs::exists(dump)) << dump;
  m_env["MXI_SIM_HEAP_SOURCE"] = dump.string();
  startAgent();
  AgentClient c;
  handshake(c);
  ASSERT_TRUE(c.send(proto::HeapDumpRequest{7, "com.android.settings", 0, 1}));
  std::string received;
  uint64_t total = 0;
  bool ended = false;
  uint32_t crc = 0;
  uint64_t lastProgress = 0;
  while (!ended) {
    auto m = c.receive(20s);
    ASSERT_TRUE(m.has_value()) << "heap dump stalled after " << received.size() << " bytes";
    if (auto* b = std::get_if<proto::HeapDumpBegin>(&*m)) {
      EXPECT_EQ(b->pid, 1955);
      total = b->totalBytes;
    } else if (auto* ch = std::get_if<proto::HeapDumpChunk>(&*m)) {
      ASSERT_EQ(ch->offset, received.size());
      std::string raw(ch->rawLength, '\0');
      uLongf len = ch->rawLength;
      ASSERT_EQ(uncompress(reinterpret_cast<Bytef*>(raw.data()), &len, ch->zlibData.data(), ch->zlibData.size()), Z_OK);
      ASSERT_EQ(len, ch->rawLength);
      received += raw;
      EXPECT_GT(received.size(), lastProgress);
      lastProgress = received.size();
    } else if (auto* e = std::get_if<proto::HeapDumpEnd>(&*m)) {
      ended = true;
      EXPECT_EQ(e->totalBytes, total);
      crc = e->crc32;
    } else if (auto* err = std::get_if<proto::Error>(&*m)) {
      FAIL() << err->message;
    }
  }
  const std::string original = readFile(dump);
  EXPECT_EQ(total, original.size());
  EXPECT_TRUE(received == original);
  EXPECT_EQ(crc, static_cast<uint32_t>(
                     crc32(0, reinterpret_cast<const Bytef*>(original.data()), static_cast<uInt>(original.size()))));
  EXPECT_NE(calls().find("am dumpheap -g 1955 " + (m_scratch / "agent-data" / "heap-7.hprof").string()),
            std::string::npos);
  EXPECT_TRUE(fs::is_empty(m_scratch / "agent-data"));  // deleted after streaming
  EXPECT_EQ(fs::status(m_scratch / "agent-data").permissions() & fs::perms::all, fs::perms::owner_all);
}

// Receives one heap dump; returns its HeapDumpBegin and the bytes.
std::pair<proto::HeapDumpBegin, std::string> receiveDump(AgentClient& c) {
  proto::HeapDumpBegin begin;
  std::string received;
  for (;;) {
    auto m = c.receive(20s);
    if (!m) {
      ADD_FAILURE() << "heap dump stalled after " << received.size() << " bytes";
      return {begin, received};
    }
    if (auto* b = std::get_if<proto::HeapDumpBegin>(&*m)) begin = *b;
    if (auto* ch = std::get_if<proto::HeapDumpChunk>(&*m)) {
      std::string raw(ch->rawLength, '\0');
      uLongf len = ch->rawLength;
      EXPECT_EQ(uncompress(reinterpret_cast<Bytef*>(raw.data()), &len, ch->zlibData.data(), ch->zlibData.size()), Z_OK);
      received += raw;
    }
    if (std::holds_alternative<proto::HeapDumpEnd>(*m)) return {begin, received};
    if (auto* err = std::get_if<proto::Error>(&*m)) {
      ADD_FAILURE() << err->message;
      return {begin, received};
    }
  }
}

// ART method tracing on request: `am profile start|stop` around the duration, the trace the app
// wrote (the simulated app replays a real device trace) streamed byte for byte, then deleted.
TEST_F(AgentSimTest, MethodTraceArrivesByteIdentical) {
  const fs::path trace = methodTraceFile("art-sampled-launcher.trace.gz", m_scratch);
  m_env["MXI_SIM_TRACE_SOURCE"] = trace.string();
  startAgent();
  AgentClient c;
  handshake(c);
  ASSERT_TRUE(c.send(proto::StartCollecting{"com.android.settings", 200, proto::kCollectFrames}));
  const auto asked = std::chrono::steady_clock::now();
  ASSERT_TRUE(c.send(proto::MethodTraceRequest{31, "com.android.settings", 0, 800, 1000, 0, ""}));
  std::optional<proto::MethodTraceStarted> started;
  while (!started) {
    auto m = c.receive(10s);
    ASSERT_TRUE(m.has_value()) << "no MethodTraceStarted";
    if (auto* s = std::get_if<proto::MethodTraceStarted>(&*m)) started = *s;
    if (auto* err = std::get_if<proto::Error>(&*m)) FAIL() << err->message;
  }
  EXPECT_EQ(started->requestId, 31u);
  EXPECT_EQ(started->pid, 1955);
  EXPECT_EQ(started->launchOutput, "");
  const auto [begin, bytes] = receiveDump(c);
  EXPECT_GE(std::chrono::steady_clock::now() - asked, 800ms);  // traced for the duration asked
  EXPECT_EQ(begin.requestId, 31u);
  EXPECT_TRUE(bytes == readFile(trace));
  const fs::path onPhone = m_scratch / "agent-data" / "trace-31.trace";
  EXPECT_NE(calls().find("am profile start --sampling 1000 1955 " + onPhone.string()), std::string::npos) << calls();
  EXPECT_NE(calls().find("am profile stop 1955"), std::string::npos) << calls();
  // The agent deletes the phone's copy once the last chunk is sent: moments after it arrives here.
  for (int i = 0; i < 100 && fs::exists(onPhone); ++i) std::this_thread::sleep_for(20ms);
  EXPECT_FALSE(fs::exists(onPhone));
}

TEST_F(AgentSimTest, MethodTraceOfALaunchSendsAmStartTimes) {
  const fs::path trace = methodTraceFile("perflib-basic.trace", m_scratch);
  m_env["MXI_SIM_TRACE_SOURCE"] = trace.string();
  startAgent();
  AgentClient c;
  handshake(c);
  ASSERT_TRUE(c.send(proto::MethodTraceRequest{32, "com.android.settings", 0, 200, 0,
                                               proto::kMethodTraceLaunch | proto::kMethodTraceStreaming, ""}));
  std::optional<proto::MethodTraceStarted> started;
  while (!started) {
    auto m = c.receive(10s);
    ASSERT_TRUE(m.has_value());
    if (auto* s = std::get_if<proto::MethodTraceStarted>(&*m)) started = *s;
    if (auto* err = std::get_if<proto::Error>(&*m)) FAIL() << err->message;
  }
  // `am start -W`'s answer as the phone printed it: a cold launch under the tracer (the demo
  // phone's cold 850 ms ± 8 %, a quarter slower traced), WaitTime after TotalTime.
  std::smatch times;
  ASSERT_TRUE(std::regex_search(started->launchOutput, times,
                                std::regex("LaunchState: COLD\nActivity: [^\n]+\n"
                                           "TotalTime: (\\d+)\nWaitTime: (\\d+)\n")))
      << started->launchOutput;
  const int total = std::stoi(times[1]), wait = std::stoi(times[2]);
  EXPECT_TRUE(total >= 977 && total <= 1148) << started->launchOutput;
  EXPECT_GT(wait, total);
  EXPECT_TRUE(receiveDump(c).second == readFile(trace));
  const fs::path onPhone = m_scratch / "agent-data" / "trace-32.trace";
  EXPECT_NE(calls().find("am start -S -W --start-profiler " + onPhone.string() +
                         " --streaming -a android.intent.action.MAIN -c android.intent.category.LAUNCHER "
                         "com.android.settings"),
            std::string::npos)
      << calls();
}

// Android refuses to trace an app that is neither debuggable nor profileable: the error says so
// and what to change, instead of an empty trace.
TEST_F(AgentSimTest, MethodTraceOfANonDebuggableAppSaysWhatToChange) {
  m_env["MXI_SIM_TRACE_SOURCE"] = methodTraceFile("perflib-basic.trace", m_scratch).string();
  m_env["MXI_SIM_NOT_DEBUGGABLE"] = "com.android.settings";
  startAgent();
  AgentClient c;
  handshake(c);
  ASSERT_TRUE(c.send(proto::MethodTraceRequest{33, "com.android.settings", 0, 200, 1000, 0, ""}));
  auto m = c.receive(10s);
  while (m && std::holds_alternative<proto::Heartbeat>(*m)) m = c.receive(10s);
  ASSERT_TRUE(m.has_value());
  const auto* err = std::get_if<proto::Error>(&*m);
  ASSERT_NE(err, nullptr);
  EXPECT_EQ(err->code, proto::ErrorCode::kMethodTraceFailed);
  EXPECT_EQ(err->requestId, 33u);
  EXPECT_EQ(err->message,
            "com.android.settings is not debuggable, so Android will not trace its methods: install a debug build "
            "(android:debuggable=\"true\"), or on Android 10+ mark it <profileable android:shell=\"true\"/> in its "
            "manifest, or use a userdebug/eng phone (am: java.lang.SecurityException: Process not debuggable: "
            "ProcessRecord{8c1e2a3 1955:com.android.settings/system})");
  // A bad component never reaches `am`.
  ASSERT_TRUE(c.send(proto::MethodTraceRequest{34, "com.android.settings", 0, 200, 0, proto::kMethodTraceLaunch,
                                               "com.android.settings/.Main;reboot"}));
  m = c.receive(10s);
  while (m && std::holds_alternative<proto::Heartbeat>(*m)) m = c.receive(10s);
  ASSERT_TRUE(m.has_value());
  ASSERT_TRUE(std::holds_alternative<proto::Error>(*m));
  EXPECT_EQ(std::get<proto::Error>(*m).code, proto::ErrorCode::kInvalidPackage);
  EXPECT_EQ(calls().find("am start"), std::string::npos);
}

TEST_F(AgentSimTest, BitmapPixelsAreAskedForOnlyWhereAmHasThem) {
  const fs::path dump = fs::path(fixtureDumpDir()) / "android_heap.hprof";
  m_env["MXI_SIM_HEAP_SOURCE"] = dump.string();
  m_env["MXI_SIM_SDK"] = "35";  // Android 15: am dumpheap -b png|jpg|webp
  startAgent();
  {
    AgentClient c;
    handshake(c);
    ASSERT_TRUE(
        c.send(proto::HeapDumpRequest{21, "com.android.settings", 0,
                                      proto::kHeapDumpGcFirst | proto::bitmapFormatFlags(proto::BitmapFormat::kWebp)}));
    const auto [begin, bytes] = receiveDump(c);
    EXPECT_EQ(begin.flags, proto::kHeapDumpGcFirst | proto::bitmapFormatFlags(proto::BitmapFormat::kWebp));
    EXPECT_EQ(begin.originalBytes, begin.totalBytes);
    EXPECT_TRUE(bytes == readFile(dump));
  }
  EXPECT_NE(calls().find("am dumpheap -g -b webp 1955 " + (m_scratch / "agent-data" / "heap-21.hprof").string()),
            std::string::npos)
      << calls();
  m_agent->kill();

  // Android 14 (SDK 34): `am` would refuse -b; the agent leaves it out and says so in the flags.
  m_env["MXI_SIM_SDK"] = "34";
  fs::remove(m_scratch / "state" / "calls.log");
  startAgent();
  AgentClient c;
  handshake(c);
  ASSERT_TRUE(c.send(
      proto::HeapDumpRequest{22, "com.android.settings", 0, proto::bitmapFormatFlags(proto::BitmapFormat::kPng)}));
  const auto [begin, bytes] = receiveDump(c);
  EXPECT_EQ(begin.flags, 0u);
  EXPECT_TRUE(bytes == readFile(dump));
  EXPECT_NE(calls().find("am dumpheap 1955 " + (m_scratch / "agent-data" / "heap-22.hprof").string()),
            std::string::npos)
      << calls();
  // No `-b` argument to am (a token, not a substring: the build path may hold "-b").
  std::istringstream log(calls());
  for (std::string line; std::getline(log, line);) {
    if (!line.starts_with("am dumpheap")) continue;
    std::istringstream words(line);
    for (std::string word; words >> word;) EXPECT_NE(word, "-b") << line;
  }
}

TEST_F(AgentSimTest, HostilePackageNamesAreRefused) {
  startAgent();
  AgentClient c;
  handshake(c);
  for (const std::string bad :
       {"com.example;rm -rf /", "com.example app", "../../system/bin/sh", "-e.x", "com.example\n"}) {
    ASSERT_TRUE(c.send(proto::StartCollecting{bad, 200, proto::kCollectAll}));
    auto m = c.receive();
    ASSERT_TRUE(m.has_value());
    EXPECT_EQ(std::get<proto::Error>(*m).code, proto::ErrorCode::kInvalidPackage) << bad;
    ASSERT_TRUE(c.send(proto::HeapDumpRequest{9, bad, 0, 0}));
    auto m2 = c.receive();
    ASSERT_TRUE(m2.has_value());
    EXPECT_EQ(std::get<proto::Error>(*m2).code, proto::ErrorCode::kInvalidPackage) << bad;
  }
  // A pid that is not the package's own is refused too: `am` never sees it.
  ASSERT_TRUE(c.send(proto::HeapDumpRequest{10, "com.android.settings", 1, 0}));
  auto m = c.receive();
  ASSERT_TRUE(m.has_value());
  EXPECT_EQ(std::get<proto::Error>(*m).code, proto::ErrorCode::kNotRunning);
  const std::string log = calls();
  EXPECT_EQ(log.find("rm -rf"), std::string::npos) << log;
  EXPECT_EQ(log.find("system/bin/sh"), std::string::npos) << log;
  EXPECT_EQ(log.find("dumpheap"), std::string::npos) << log;
}

TEST_F(AgentSimTest, PackageListSaysWhichPackagesRun) {
  m_env["MXI_SIM_STOPPED"] = "com.anthropic.claude";  // installed, not running
  startAgent();
  AgentClient c;
  handshake(c);
  ASSERT_TRUE(c.send(proto::PackageListRequest{}));
  auto m = c.receive();
  ASSERT_TRUE(m.has_value());
  const auto* list = std::get_if<proto::PackageList>(&*m);
  ASSERT_NE(list, nullptr);
  // The replayed apps' 51 processes are 47 packages (four have a second process).
  ASSERT_EQ(list->packages.size(), 47u);
  EXPECT_TRUE(std::is_sorted(list->packages.begin(), list->packages.end(),
                             [](const auto& a, const auto& b) { return a.packageName < b.packageName; }));
  std::map<std::string, proto::PackageInfo> byName;
  for (const auto& p : list->packages) byName[p.packageName] = p;
  EXPECT_EQ(byName["com.android.settings"], (proto::PackageInfo{"com.android.settings", true, 1955}));
  EXPECT_EQ(byName["com.android.chrome"], (proto::PackageInfo{"com.android.chrome", true, 2827}));
  // Runs only as :interactor and :search: running, but no main process.
  EXPECT_EQ(byName["com.google.android.googlequicksearchbox"],
            (proto::PackageInfo{"com.google.android.googlequicksearchbox", true, 0}));
  EXPECT_EQ(byName["com.anthropic.claude"], (proto::PackageInfo{"com.anthropic.claude", false, 0}));
  EXPECT_EQ(std::count_if(list->packages.begin(), list->packages.end(), [](const auto& p) { return !p.running; }), 1);

  // Third-party only: `pm list packages -3` leaves the system apps out.
  ASSERT_TRUE(c.send(proto::PackageListRequest{proto::kThirdPartyPackagesOnly}));
  auto m2 = c.receive();
  ASSERT_TRUE(m2.has_value());
  const auto& thirdParty = std::get<proto::PackageList>(*m2).packages;
  EXPECT_EQ(thirdParty.size(), 31u);
  EXPECT_TRUE(std::none_of(thirdParty.begin(), thirdParty.end(),
                           [](const auto& p) { return p.packageName == "com.android.settings"; }));
  const std::string log = calls();
  EXPECT_NE(log.find("pm list packages\n"), std::string::npos) << log;
  EXPECT_NE(log.find("pm list packages -3\n"), std::string::npos) << log;
}

TEST_F(AgentSimTest, OneClientAtATimeAndIdleExit) {
  startAgent({"--idle-timeout", "1"});
  AgentClient first;
  handshake(first);
  AgentClient second;
  ASSERT_TRUE(second.connect(m_token));
  auto m = second.receive(3s);
  ASSERT_TRUE(m.has_value());
  EXPECT_EQ(std::get<proto::Error>(*m).message, "agent busy: another client is connected");
  EXPECT_FALSE(m_agent->waitExit(1500ms).has_value());  // a connected client keeps it alive
  EXPECT_GE(first.heartbeats() + (first.receive(1500ms), first.heartbeats()), 1);
  first.disconnect();
  EXPECT_EQ(m_agent->waitExit(5s), 0);
}

}  // namespace
}  // namespace mxi::test
