// Issue 30's live "Done when", end to end through the real adb server, the simulated demo phone,
// the agent and `mxi record`: the demo app's StrictMode reports (logcat tag `StrictMode`, DropBox
// `data_app_strictmode`) become a main-thread IO issue and a closeable-leak issue with trimmed
// stacks in the session, and `mxi triage` over two such sessions counts the leak's signature twice.
#include <gtest/gtest.h>

#include <filesystem>
#include <map>

#include <nlohmann/json.hpp>

#include "tests/agent/e2e_support.h"
#include "tests/support/adb_test_env.h"
#include "tests/support/run_mxi.h"
#include "tests/support/test_paths.h"

namespace mxi::test {
namespace {

namespace fs = std::filesystem;

constexpr const char* kDemoApp = "com.example.mxi.demo";

class StrictModeLiveTest : public ::testing::Test {
 protected:
  void SetUp() override {
    ASSERT_TRUE(adbAvailable()) << "Debian's adb is needed";
    m_scratch = scratchDir("strictmode_live");
    m_adb = std::make_unique<PrivateAdbServer>();
    ASSERT_TRUE(m_adb->started());
  }

  // A phone whose timeline starts anew (the first report 1.5 s after the agent first looks).
  void freshPhone() {
    m_sim.reset();
    m_sim = std::make_unique<SimProcess>(
        std::vector<std::string>{"--demo", "--android-tool", build::androidTool(), "--env", "MXI_SIM_LEAK_EVERY_MS=0",
                                 "--env", "MXI_SIM_COLLECTED_EVERY_MS=0"},
        m_scratch / ("root" + std::to_string(++m_phones)));
    ASSERT_TRUE(m_sim->started() && m_adb->connect(*m_sim)) << m_sim->log();
  }

  ProgramRun mxi(std::vector<std::string> args) {
    return runMxi(std::move(args),
                  RunOptions().withEnv(mxiEnvironment(m_adb->environment(), m_sim->hostPort(), build::agent())));
  }

  ProgramRun record(const fs::path& session) {
    return mxi({"record", "--package", kDemoApp, "--duration", "8", "--leak-watch", "off", "--memory-ms", "0", "-o",
                session.string()});
  }

  nlohmann::json exported(const fs::path& session) {
    const ProgramRun json = mxi({"session", "export", session.string(), "--to", "json"});
    EXPECT_EQ(json.exitCode, 0) << json.err;
    auto j = nlohmann::json::parse(json.out, nullptr, false);
    EXPECT_FALSE(j.is_discarded()) << json.out;
    return j;
  }

  fs::path m_scratch;
  std::unique_ptr<SimProcess> m_sim;
  std::unique_ptr<PrivateAdbServer> m_adb;
  int m_phones = 0;
};

TEST_F(StrictModeLiveTest, MainThreadIoAndALeakedStreamBecomeIoIssuesAndTriageCountsTheLeakTwice) {
  const fs::path recordings = m_scratch / "recordings";
  fs::create_directories(recordings);
  for (const char* name : {"first.mxs", "second.mxs"}) {
    freshPhone();
    const fs::path session = recordings / name;
    const ProgramRun r = record(session);
    ASSERT_EQ(r.exitCode, 0) << r.err;
    const nlohmann::json j = exported(session);
    std::map<std::string, nlohmann::json> byCaller;  // the StrictMode issues by their stack's first frame
    for (const auto& issue : j["issues"]) {
      const auto& content = issue["content"];
      if (content.value("source", "") != "strictMode") continue;
      ASSERT_TRUE(content.contains("stack")) << issue.dump();
      const std::string stack = content["stack"].get<std::string>();
      byCaller.emplace(stack.substr(0, stack.find('\n')), issue);
    }
    // Logcat: the main-thread read, trimmed to the demo's caller, its cost the reported duration.
    const auto read = byCaller.find("com.example.mxi.demo.Catalog.readIndex(Catalog.java:63)");
    ASSERT_NE(read, byCaller.end()) << j["issues"].dump();
    EXPECT_EQ(read->second["tag"], "io");
    EXPECT_EQ(read->second["type"], 1);
    EXPECT_EQ(read->second["content"]["cost"], 87);
    EXPECT_EQ(read->second["content"]["process"], kDemoApp);
    // Logcat: the FileInputStream leaked, its acquisition trimmed to where the demo opened it.
    const auto leak = byCaller.find("com.example.mxi.demo.ThumbnailCache.open(ThumbnailCache.java:52)");
    ASSERT_NE(leak, byCaller.end()) << j["issues"].dump();
    EXPECT_EQ(leak->second["tag"], "io");
    EXPECT_EQ(leak->second["type"], 4);
    // DropBox: the main-thread write its entry holds.
    const auto write = byCaller.find("com.example.mxi.demo.Settings.save(Settings.java:77)");
    ASSERT_NE(write, byCaller.end()) << j["issues"].dump();
    EXPECT_EQ(write->second["content"]["cost"], 24);
  }
  const ProgramRun triage =
      mxi({"triage", "-q", "--db", (m_scratch / "triage.sqlite").string(), "--format", "json", recordings.string()});
  ASSERT_EQ(triage.exitCode, 0) << triage.err << triage.out;
  const auto tj = nlohmann::json::parse(triage.out);
  int leaks = 0;
  for (const auto& sig : tj["signatures"]) {
    if (sig["kind"] != "strictMode" || sig["className"] != "java.io.FileInputStream") continue;
    ++leaks;
    EXPECT_EQ(sig["captures"], 2) << sig.dump();
  }
  EXPECT_EQ(leaks, 1) << triage.out;
}

}  // namespace
}  // namespace mxi::test
