// An arm phone end to end, the way a user's install meets one: the project installed into a
// prefix (the `installed_prefix` CTest fixture), the simulated phone `mxi-device-sim --demo --abi
// ABI` from that prefix, whose shell runs a pushed ELF of the phone's machine through Debian's
// qemu-user-static as the phone's kernel would run it natively, the real adb server, and the
// installed `mxi` deploying the installed agent for that ABI. Frames, Matrix issues, the ANR and a
// heap dump all reach the session, whose header names the device's ABI and the agent's machine.
#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>
#include <ostream>
#include <set>

#include "tests/agent/e2e_support.h"
#include "tests/device-sim/search_path.h"
#include "tests/support/adb_test_env.h"
#include "tests/support/test_paths.h"

namespace mxi::test {
namespace {

namespace fs = std::filesystem;

struct Phone {
  const char* abi;
  const char* agentMachine;  // what the agent built for it reports
  const char* qemu;
};
void PrintTo(const Phone& phone, std::ostream* os) { *os << phone.abi; }

class ArmPhoneTest : public ::testing::TestWithParam<Phone> {
 protected:
  void SetUp() override {
    const Phone& phone = GetParam();
    const std::string built = "," + std::string(build::agentAbis()) + ",";
    if (built.find(std::string(",") + phone.abi + ",") == std::string::npos) {
      GTEST_SKIP() << "this build makes no " << phone.abi << " agent (MXI_AGENT_ABIS=\"" << build::agentAbis() << "\")";
    }
    if (referenceDir().empty()) GTEST_SKIP() << "../shared/reference is absent: nothing to replay";
    ASSERT_TRUE(adbAvailable()) << "Debian's adb is needed (scripts/setup.sh installs it)";
    ASSERT_FALSE(sim::findOnPath(phone.qemu).empty())
        << phone.qemu << " is needed (Debian's qemu-user-static; scripts/setup.sh installs it)";
    m_prefix = build::installPrefix();
    ASSERT_TRUE(fs::exists(m_prefix / "bin/mxi")) << "the project is not installed in " << m_prefix;
    m_installedAgent = m_prefix / "share/matrix-inspector/agent" / phone.abi / "mxi-agent";
    ASSERT_TRUE(fs::exists(m_installedAgent)) << m_installedAgent;
    m_scratch = scratchDir(std::string("arm_phone_") + ::testing::UnitTest::GetInstance()->current_test_info()->name());
    // The arm phone as the README starts the demo one, pointed at the real captures (the demo
    // plays its synthetic app otherwise) and replaying faster than real time.
    m_sim = std::make_unique<SimProcess>(
        std::vector<std::string>{"--demo", "--abi", phone.abi, "--heap",
                                 (fs::path(fixtureDumpDir()) / "android_heap.hprof").string(), "--env",
                                 "MXI_SIM_REFERENCE=" + (fs::path(referenceDir()) / "fixtures").string(), "--env",
                                 "MXI_SIM_FRAME_MS=8", "--env", "MXI_SIM_LOG_MS=20", "--env", "MXI_SIM_ANR_AT_MS=800",
                                 "--env", "MXI_SIM_LEAD_MS=1000"},
        m_scratch / "root", (m_prefix / "bin/mxi-device-sim").string());
    m_adb = std::make_unique<PrivateAdbServer>();
    ASSERT_TRUE(m_sim->started() && m_adb->started() && m_adb->connect(*m_sim)) << m_sim->log();
  }

  // The installed mxi, finding its agents only where the install put them.
  ProgramRun mxi(std::vector<std::string> args) {
    args.insert(args.begin(), (m_prefix / "bin/mxi").string());
    std::vector<std::string> env = m_adb->environment();
    env.push_back("ANDROID_SERIAL=" + m_sim->hostPort());
    ::unsetenv("MXI_AGENT_PATH");
    ::unsetenv("MXI_AGENT_DIR");
    return runProgram(args, RunOptions().withEnv(env));
  }

  fs::path m_prefix, m_installedAgent, m_scratch;
  std::unique_ptr<SimProcess> m_sim;
  std::unique_ptr<PrivateAdbServer> m_adb;
};

TEST_P(ArmPhoneTest, TheInstalledMxiRecordsFramesIssuesTheAnrAndAHeapDumpThroughTheAbisAgent) {
  const Phone& phone = GetParam();
  const ProgramRun shell = mxi({"shell", "--", "getprop ro.product.cpu.abi; uname -m"});
  ASSERT_EQ(shell.exitCode, 0) << shell.err;
  EXPECT_EQ(shell.out,
            std::string(phone.abi) + "\n" + (phone.abi == std::string("arm64-v8a") ? "aarch64" : "armv7l") + "\n");

  const fs::path session = m_scratch / "arm.mxs";
  const ProgramRun r = mxi({"record", "--package", "com.android.settings", "--duration", "6", "--poll-ms", "250",
                            "--dump-heap-at", "1.5", "-o", session.string()});
  ASSERT_EQ(r.exitCode, 0) << r.err << m_sim->log();
  EXPECT_NE(r.err.find("mxi record: " + session.string() + " complete: "), std::string::npos) << r.err;
  // What runs on the phone is the installed agent for its ABI.
  EXPECT_TRUE(readFile(m_scratch / "root/data/local/tmp/mxi-agent") == readFile(m_installedAgent)) << r.err;

  const Recorded rec = readSession(session);
  ASSERT_GT(rec.frames, 0u) << r.err << m_sim->log();
  EXPECT_GE(rec.frames, 264u);  // the capture's rows of the app (and more once the replay loops)
  ASSERT_EQ(rec.histogram.count("com.android.settings.homepage.SettingsHomepageActivity"), 1u);
  EXPECT_GE(rec.histogram.at("com.android.settings.homepage.SettingsHomepageActivity")[0], 20u);
  EXPECT_GE(rec.issues.size(), 50u);  // one every 20 ms from the timeline's start, all from the app
  EXPECT_EQ(std::set<std::string>(rec.issues.begin(), rec.issues.end()).size(), rec.issues.size());
  ASSERT_EQ(rec.anrs.size(), 1u);
  EXPECT_NE(rec.anrs[0].find("----- pid "), std::string::npos);
  const fs::path dump = m_scratch / "arm-heap-1.hprof";
  ASSERT_EQ(rec.heapDumps, std::vector<std::string>{dump.string()});
  EXPECT_TRUE(readFile(dump) == readFile(fs::path(fixtureDumpDir()) / "android_heap.hprof"));

  const ProgramRun info = mxi({"session", "info", session.string()});
  ASSERT_EQ(info.exitCode, 0) << info.err;
  EXPECT_NE(info.out.find(std::string("\nabi: ") + phone.abi + "\n"), std::string::npos) << info.out;
  EXPECT_NE(info.out.find(std::string("\nagentMachine: ") + phone.agentMachine + "\n"), std::string::npos) << info.out;

  // A heap dump on its own, through the same agent (already deployed: not pushed again).
  const ProgramRun heap =
      mxi({"dumpheap", "--package", "com.android.settings", "-o", (m_scratch / "h.hprof").string()});
  ASSERT_EQ(heap.exitCode, 0) << heap.err;
  EXPECT_TRUE(readFile(m_scratch / "h.hprof") == readFile(fs::path(fixtureDumpDir()) / "android_heap.hprof"));
}

TEST_P(ArmPhoneTest, AnAgentOfAnotherMachineIsRefusedWithTheShellsReason) {
  // The x86_64 agent pushed to an arm phone: the phone's shell cannot exec it, and deploy says so.
  const ProgramRun r = mxi({"agent", "deploy", "--agent", build::agent()});
  EXPECT_NE(r.exitCode, 0);
  EXPECT_NE(r.err.find(std::string("the pushed agent does not run on this device (ABI ") + GetParam().abi + "): "),
            std::string::npos)
      << r.err;
  EXPECT_NE(r.err.find("/data/local/tmp/mxi-agent: not executable: 64-bit ELF file"), std::string::npos) << r.err;
}

INSTANTIATE_TEST_SUITE_P(Abis, ArmPhoneTest,
                         ::testing::Values(Phone{"arm64-v8a", "aarch64", "qemu-aarch64-static"},
                                           Phone{"armeabi-v7a", "arm", "qemu-arm-static"}),
                         [](const ::testing::TestParamInfo<Phone>& param) {
                           return std::string(param.param.abi) == "arm64-v8a" ? std::string("Arm64")
                                                                              : std::string("ArmV7");
                         });

}  // namespace
}  // namespace mxi::test
