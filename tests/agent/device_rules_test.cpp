// What real phones do (docs/DEVICES.md), each rule through the real adb server, the device
// simulator replaying what a phone answers, the agent and `mxi`: two devices and no serial, a
// phone whose "Allow USB debugging?" dialog is pending, a cable pulled in the middle of a deploy,
// Android 7's toolbox `ps`, an app a user build will not dump, a phone without a gfxinfo service.
// Each gives a message that says what to do, and nothing recorded is lost.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <thread>

#include "core/adb/adb_key.h"
#include "core/adb/device_selection.h"
#include "core/session/session_reader.h"
#include "tests/agent/e2e_support.h"
#include "tests/support/adb_test_env.h"
#include "tests/support/run_mxi.h"
#include "tests/support/test_paths.h"

namespace mxi::test {
namespace {

namespace fs = std::filesystem;

constexpr const char* kApp = "com.example.mxi.demo";  // the simulator's synthetic app

class DeviceRulesTest : public ::testing::Test {
 protected:
  void SetUp() override {
    ASSERT_TRUE(adbAvailable()) << "Debian's adb is needed (scripts/setup.sh installs it)";
    m_scratch =
        scratchDir(std::string("device_rules_") + ::testing::UnitTest::GetInstance()->current_test_info()->name());
    ASSERT_TRUE(m_adb.started());
  }

  // A phone with the simulated tools (synthetic data) and these extra settings / options.
  std::unique_ptr<SimProcess> phone(const std::string& name, std::vector<std::string> env,
                                    std::vector<std::string> options = {}) {
    std::vector<std::string> args = {"--tools",
                                     "--android-tool",
                                     build::androidTool(),
                                     "--serial",
                                     name,
                                     "--env",
                                     "MXI_SIM_REFERENCE=" + (m_scratch / "no-captures").string(),
                                     "--env",
                                     "MXI_SIM_LEAD_MS=200",
                                     "--env",
                                     "MXI_SIM_LOG_MS=2"};  // an issue every 100 ms
    for (const std::string& e : env) {
      args.push_back("--env");
      args.push_back(e);
    }
    args.insert(args.end(), options.begin(), options.end());
    return std::make_unique<SimProcess>(args, m_scratch / name);
  }

  ProgramRun mxi(std::vector<std::string> args, const std::string& serial) {
    ::unsetenv("ANDROID_SERIAL");
    return runMxi(std::move(args), RunOptions().withEnv(mxiEnvironment(m_adb.environment(), serial, build::agent())));
  }

  fs::path m_scratch;
  PrivateAdbServer m_adb;
};

TEST_F(DeviceRulesTest, TwoDevicesAndNoSerialNamesBothAndSaysHowToPickOne) {
  auto first = phone("first", {}), second = phone("second", {});
  ASSERT_TRUE(m_adb.connect(*first) && m_adb.connect(*second));
  const ProgramRun r = mxi({"record", "--package", kApp, "--duration", "2", "-o", (m_scratch / "s.mxs").string()}, "");
  EXPECT_EQ(r.exitCode, 2);
  const std::string a = first->hostPort() + " device", b = second->hostPort() + " device";
  EXPECT_TRUE(r.err == "mxi: record: more than one device attached (" + a + ", " + b +
                           "): pick one with -s SERIAL or $ANDROID_SERIAL\n" ||
              r.err == "mxi: record: more than one device attached (" + b + ", " + a +
                           "): pick one with -s SERIAL or $ANDROID_SERIAL\n")
      << r.err;
  EXPECT_FALSE(fs::exists(m_scratch / "s.mxs"));
  // With a serial, it records.
  const ProgramRun picked =
      mxi({"record", "--package", kApp, "--duration", "2", "-o", (m_scratch / "s.mxs").string()}, second->hostPort());
  EXPECT_EQ(picked.exitCode, 0) << picked.err;
}

TEST_F(DeviceRulesTest, AnUnauthorizedPhoneSaysToTapAllowOnItsDialog) {
  // The phone trusts another computer's key only; this server's key waits for the user's "Allow".
  auto key = core::adb::AdbPrivateKey::generate();
  ASSERT_TRUE(key.ok()) << key.status().toString();
  const fs::path trusted = m_scratch / "adb_keys";
  std::ofstream(trusted) << *key->androidPublicKey() << " someone@elsewhere\n";
  auto locked = phone("locked", {}, {"--key", trusted.string()});
  ASSERT_TRUE(locked->started());
  (void)m_adb.adb({"connect", locked->hostPort()});
  bool listed = false;
  for (int i = 0; i < 100 && !listed; ++i) {
    listed = m_adb.adb({"devices"}).out.find(locked->hostPort() + "\tunauthorized") != std::string::npos;
    if (!listed) std::this_thread::sleep_for(std::chrono::milliseconds(100));
  }
  ASSERT_TRUE(listed) << m_adb.adb({"devices"}).out;
  const ProgramRun r =
      mxi({"record", "--package", kApp, "--duration", "2", "-o", (m_scratch / "u.mxs").string()}, locked->hostPort());
  EXPECT_NE(r.exitCode, 0);
  EXPECT_EQ(r.err,
            "mxi: record: device " + locked->hostPort() +
                " is unauthorized: unlock it and tap Allow on its \"Allow USB debugging?\" dialog (tick \"Always "
                "allow from this computer\"), then run again. No dialog? Revoke USB debugging authorizations in "
                "Developer options and reconnect the cable\n");
}

TEST_F(DeviceRulesTest, ACablePulledInTheMiddleOfADeploySaysSoAndRecordsNothingHalfway) {
  auto flaky = phone("flaky", {}, {"--drop-after-sync-bytes", "1000000"});
  ASSERT_TRUE(m_adb.connect(*flaky));
  const ProgramRun r =
      mxi({"record", "--package", kApp, "--duration", "2", "-o", (m_scratch / "f.mxs").string()}, flaky->hostPort());
  EXPECT_NE(r.exitCode, 0);
  EXPECT_EQ(r.err.rfind("mxi: record: the device went away while the agent was being pushed (", 0), 0u) << r.err;
  EXPECT_NE(r.err.find("): check its cable or network and `adb devices`, then run again\n"), std::string::npos)
      << r.err;
  for (int i = 0; i < 50 && flaky->log().find("connection dropped mid-push") == std::string::npos; ++i) {
    std::this_thread::sleep_for(std::chrono::milliseconds(100));
  }
  EXPECT_NE(flaky->log().find("connection dropped mid-push"), std::string::npos) << flaky->log();
  // No half-written agent on the phone, no session file.
  EXPECT_FALSE(fs::exists(m_scratch / "flaky/data/local/tmp/mxi-agent"));
  EXPECT_FALSE(fs::exists(m_scratch / "f.mxs"));
}

TEST_F(DeviceRulesTest, Android7sToolboxPsStillFindsTheApp) {
  auto nougat = phone("nougat", {"MXI_SIM_SDK=24"});
  ASSERT_TRUE(m_adb.connect(*nougat));
  // What Android 7 answers to the toybox options: its header and no process.
  const auto ps = m_adb.adb({"-s", nougat->hostPort(), "shell", "ps", "-A", "-o", "PID,USER,NAME"});
  EXPECT_EQ(ps.out, "USER      PID   PPID  VSIZE  RSS   WCHAN              PC  NAME\n");
  const fs::path session = m_scratch / "n.mxs";
  const ProgramRun r =
      mxi({"record", "--package", kApp, "--duration", "3", "-o", session.string()}, nougat->hostPort());
  ASSERT_EQ(r.exitCode, 0) << r.err;
  // Found and recorded: how many frames 3 s hold depends on how fast the agent starts (the
  // replay begins when it starts collecting; a sanitizer build draws fewer of them in time).
  EXPECT_GT(readSession(session).frames, 0u);
}

TEST_F(DeviceRulesTest, AnAppAUserBuildWillNotDumpGetsTheReasonAndTheRecordingKeepsEverything) {
  auto user = phone("user", {std::string("MXI_SIM_NOT_DEBUGGABLE=") + kApp});
  ASSERT_TRUE(m_adb.connect(*user));
  const std::string why =
      "the app is not debuggable and this phone is a user build, so Android refuses to dump its heap: build the app "
      "debuggable (a debug build, or android:debuggable=\"true\") or use a userdebug/eng phone (am: Security "
      "exception: "
      "Process not debuggable: ProcessRecord{f23cc4a 4242:com.example.mxi.demo/u0_a42})";
  const ProgramRun dump =
      mxi({"dumpheap", "--package", kApp, "-o", (m_scratch / "h.hprof").string()}, user->hostPort());
  EXPECT_EQ(dump.exitCode, 2);
  EXPECT_EQ(dump.err, "mxi: dumpheap: com.example.mxi.demo: agent: " + why + "\n");
  EXPECT_FALSE(fs::exists(m_scratch / "h.hprof"));
  // Asked for during a recording: said, and the recording goes on with everything.
  const fs::path session = m_scratch / "d.mxs";
  const ProgramRun r =
      mxi({"record", "--package", kApp, "--duration", "3", "--dump-heap-at", "1", "-o", session.string()},
          user->hostPort());
  ASSERT_EQ(r.exitCode, 0) << r.err;
  EXPECT_NE(r.err.find("mxi record: heap dump " + (m_scratch / "d-heap-1.hprof").string() + " failed: "),
            std::string::npos)
      << r.err;
  EXPECT_NE(r.err.find(why), std::string::npos) << r.err;
  const Recorded rec = readSession(session);
  EXPECT_GT(rec.frames, 0u);  // as many as 3 s hold at the agent's pace
  EXPECT_GT(rec.issues.size(), 0u);
  EXPECT_TRUE(rec.heapDumps.empty());
}

TEST_F(DeviceRulesTest, APhoneWithoutAGfxinfoServiceSaysFramesCannotBeReadAndRecordsTheRest) {
  auto odd = phone("odd", {"MXI_SIM_MISSING_SERVICES=gfxinfo"});
  ASSERT_TRUE(m_adb.connect(*odd));
  const fs::path session = m_scratch / "g.mxs";
  const ProgramRun r = mxi({"record", "--package", kApp, "--duration", "3", "-o", session.string()}, odd->hostPort());
  ASSERT_EQ(r.exitCode, 0) << r.err;
  const std::string said =
      "mxi record: agent: this phone has no gfxinfo service (dumpsys: Can't find service: gfxinfo), "
      "so frame times cannot be read; Matrix issues and ANRs still are\n";
  ASSERT_NE(r.err.find(said), std::string::npos) << r.err;
  EXPECT_EQ(r.err.find(said), r.err.rfind(said));  // said once
  const Recorded rec = readSession(session);
  EXPECT_EQ(rec.frames, 0u);
  EXPECT_GE(rec.issues.size(), 10u);
}

// The device list → what to tell the user, for each state adb reports.
TEST(DeviceStateProblem, EachStateSaysWhatToDo) {
  using core::adb::DeviceListEntry;
  using core::adb::deviceStateProblem;
  auto entry = [](std::string serial, std::string state) {
    DeviceListEntry e;
    e.serial = std::move(serial);
    e.state = std::move(state);
    return e;
  };
  EXPECT_TRUE(deviceStateProblem({entry("A1", "device")}, "").ok());
  EXPECT_TRUE(deviceStateProblem({entry("A1", "device"), entry("B2", "unauthorized")}, "A1").ok());
  EXPECT_TRUE(deviceStateProblem({entry("A1", "device")}, "elsewhere:5555").ok());  // the server says it is not found
  EXPECT_EQ(deviceStateProblem({}, "").message(),
            "no device attached: connect a phone with USB debugging on (Settings > Developer options), or "
            "`adb connect HOST:PORT` for one on the network");
  EXPECT_EQ(deviceStateProblem({entry("A1", "device"), entry("B2", "unauthorized")}, "").message(),
            "more than one device attached (A1 device, B2 unauthorized): pick one with -s SERIAL or $ANDROID_SERIAL");
  EXPECT_EQ(deviceStateProblem({entry("A1", "offline")}, "").message(),
            "device A1 is offline: reconnect its cable (or run `adb reconnect offline`) and run again");
  // Debian's adb on a computer without the udev rules: a permission denied on the USB device.
  EXPECT_EQ(deviceStateProblem({entry("A1",
                                      "no permissions (missing udev rules? user is in the plugdev group); see "
                                      "[http://developer.android.com/tools/device.html]")},
                               "A1")
                .message(),
            "no permission to open device A1 over USB: install Debian's android-sdk-platform-tools-common (its udev "
            "rules), add yourself to the plugdev group, replug it");
  EXPECT_EQ(deviceStateProblem({entry("A1", "recovery")}, "A1").message(),
            "device A1 is in recovery mode, not running Android: reboot it normally and run again");
}

}  // namespace
}  // namespace mxi::test
