// The end-to-end recording fixture: one simulated phone (`mxi-device-sim --tools` replaying the
// reference captures faster than real time) behind the real adb server, shared by the tests of a
// process, and the helpers that drive `mxi record` against it (e2e_record_test.cpp,
// app_state_e2e_test.cpp).
#pragma once

#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include <signal.h>
#include <sys/wait.h>

#include <algorithm>
#include <climits>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <sstream>
#include <thread>

#include "core/adb/server_client.h"
#include "core/adb/shell.h"
#include "core/agentlink/agent_connection.h"
#include "core/framestats/frame.h"
#include "core/session/session_reader.h"
#include "tests/agent/e2e_support.h"
#include "tests/agent/replayed_capture.h"
#include "tests/support/adb_test_env.h"
#include "tests/support/method_trace_fixtures.h"
#include "tests/support/run_mxi.h"
#include "tests/support/test_paths.h"

namespace mxi::test {

namespace fs = std::filesystem;

// Straight from the capture (independent of agent, recorder and core/trace), without the rows
// with garbage stamps, which the recorder skips.
inline test::SceneHistogram expectedHistogram(const std::string& package) {
  const auto capture = fs::path(referenceDir()) / "fixtures/gfxinfo/topicon-t865_all-processes_framestats.txt";
  return test::replayedFrames(readFile(capture), package, true).histogram;
}

class E2eRecordTest : public ::testing::Test {
 protected:
  static void SetUpTestSuite() {
    if (referenceDir().empty() || !adbAvailable()) return;
    s_dir = scratchDir("agent_e2e_" + std::to_string(getpid()));  // one sandbox per test process
    const fs::path root = s_dir / "root";
    // The simulated phone as `mxi-device-sim --tools` sets it up, replaying faster than real time.
    s_sim = std::make_unique<SimProcess>(
        std::vector<std::string>{"--tools", "--android-tool", build::androidTool(), "--heap",
                                 (fs::path(fixtureDumpDir()) / "android_heap.hprof").string(), "--env",
                                 "MXI_SIM_REFERENCE=" + (fs::path(referenceDir()) / "fixtures").string(), "--env",
                                 "MXI_SIM_FRAME_MS=8", "--env", "MXI_SIM_LOG_MS=4", "--env", "MXI_SIM_ANR_AT_MS=800",
                                 "--env", "MXI_SIM_LEAD_MS=1000"},
        root);
    s_adb = std::make_unique<PrivateAdbServer>();
    s_ready = s_sim->started() && s_adb->started() && s_adb->connect(*s_sim);
  }
  static void TearDownTestSuite() {
    s_adb.reset();
    s_sim.reset();
  }
  void SetUp() override {
    if (referenceDir().empty()) GTEST_SKIP() << "../shared/reference is absent: nothing to replay";
    ASSERT_TRUE(s_ready) << "adb server + device simulator did not come up";
    // Each test replays the timeline from its start, every app running as replayed.
    fs::remove(s_dir / "root/var/mxi-sim/origin");
    fs::remove_all(s_dir / "root/var/mxi-sim/processes");
    m_scratch = scratchDir(std::string("agent_e2e_") + ::testing::UnitTest::GetInstance()->current_test_info()->name());
  }
  std::vector<std::string> env() const {
    return mxiEnvironment(s_adb->environment(), s_sim->hostPort(), build::agent());
  }
  // A recording here is about frames, issues and ANRs: unless a test says otherwise, without the
  // memory timeline and the leak watch (their own tests: AgentMemoryTest, the demo phone's leak
  // watch), whose tool calls each turn would make a sanitizer build's fixed-length recordings
  // miss the end of the replayed issue stream.
  ProgramRun mxi(std::vector<std::string> args, std::function<void(pid_t)> whileRunning = {}) {
    if (!args.empty() && args[0] == "record" && std::find(args.begin(), args.end(), "--memory-ms") == args.end()) {
      args.insert(args.end(), {"--memory-ms", "0", "--leak-watch", "off"});
    }
    return runMxi(std::move(args), RunOptions().withEnv(env()).calling(std::move(whileRunning)));
  }
  // `mxi record ARGS` with no duration until its live line shows `untilSeen` (what the test
  // counts), a second more (for a record that would arrive twice), then Ctrl-C as a user stops
  // it: a slow (sanitizer) build records for longer, never less. `meanwhile` acts on the running
  // recording (kills the agent once data flows).
  ProgramRun recordUntil(std::vector<std::string> args, const std::string& untilSeen,
                         const std::function<void(const RunningProgram&)>& meanwhile = {}) {
    return recordUntil(
        std::move(args), [&](const std::string& out) { return out.find(untilSeen) != std::string::npos; }, untilSeen,
        meanwhile);
  }
  // The same until `until` holds for mxi's output so far (`what` names it in a failure).
  ProgramRun recordUntil(std::vector<std::string> args, const std::function<bool(const std::string&)>& until,
                         const std::string& untilSeen,
                         const std::function<void(const RunningProgram&)>& meanwhile = {}) {
    args.insert(args.begin(), {cliPath(), "record", "--memory-ms", "0", "--leak-watch", "off"});
    RunningProgram record(args, RunOptions().withEnv(env()).mergingStderr());
    if (meanwhile) meanwhile(record);
    const bool seen = record.waitForOutput(until, std::chrono::seconds(60));
    if (seen) std::this_thread::sleep_for(std::chrono::seconds(1));
    kill(record.pid(), SIGINT);
    ProgramRun run;
    run.exitCode = record.wait(std::chrono::seconds(30));
    run.err = record.output();
    EXPECT_TRUE(seen) << "never saw \"" << untilSeen << "\":\n" << run.err;
    return run;
  }
  // Waits for a live line whose figure after `key` is not 0 ("frames 12", "issues evil-method 3"),
  // then SIGKILLs the agent the simulator started (found by its path: this test's own sandbox).
  static bool killAgentOnce(const RunningProgram& record, const std::string& key) {
    const bool flowing = record.waitForOutput(
        [&](const std::string& out) {
          for (size_t at = out.find(key); at != std::string::npos; at = out.find(key, at + 1)) {
            const char digit = out.size() > at + key.size() ? out[at + key.size()] : '0';
            if (digit >= '1' && digit <= '9') return true;
          }
          return false;
        },
        std::chrono::seconds(60));
    EXPECT_TRUE(flowing) << record.output();
    const fs::path agentPath = s_dir / "root/data/local/tmp/mxi-agent";
    bool killed = false;
    for (const auto& e : fs::directory_iterator("/proc")) {
      const std::string cmdline = readFile(e.path() / "cmdline");
      if (cmdline.starts_with(agentPath.string() + '\0'))
        killed |= kill(std::atoi(e.path().filename().c_str()), SIGKILL) == 0;
    }
    return killed;
  }
  std::string calls() const { return readFile(s_dir / "root/var/mxi-sim/calls.log"); }
  // A simulator setting for one test: appended to its env file (a later line wins), undone after.
  class SimSetting {
   public:
    explicit SimSetting(const std::string& line) : m_saved(readFile(file())) {
      std::ofstream(file()) << m_saved << line << "\n";
    }
    ~SimSetting() { std::ofstream(file()) << m_saved; }

   private:
    static fs::path file() { return s_dir / "root/etc/mxi-sim.env"; }
    std::string m_saved;
  };

  static inline fs::path s_dir;
  static inline std::unique_ptr<SimProcess> s_sim;
  static inline std::unique_ptr<PrivateAdbServer> s_adb;
  static inline bool s_ready = false;
  fs::path m_scratch;
};

}  // namespace mxi::test
