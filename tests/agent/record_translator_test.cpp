// The recorder's parser half driven directly, message by message, without a socket or a thread:
// exactly the records each message becomes. Frames a restarted agent sends again are dropped, as
// are ANRs and issues read twice from logcat; frames drawn before the recording are not its own;
// scenes are recorded when the frames' window changes; the app's death and restart are marked;
// an outage is a frame gap with its mark; a leak verdict goes to the leak watch, not the session.
#include <gtest/gtest.h>

#include <chrono>
#include <cstdio>

#include <nlohmann/json.hpp>

#include "core/agentlink/record_translator.h"

namespace mxi::core::agentlink {
namespace {

namespace proto = protocol;
using session::RecordType;
using namespace std::chrono_literals;

constexpr int64_t kMs = 1'000'000;
constexpr int64_t kStartNs = 1'000'000 * kMs;  // the device's clock when the agent answered

proto::AgentHello hello(int64_t monotonicNs) {
  proto::AgentHello h;
  h.refreshMilliHz = 60000;
  h.wallClockMs = 1'700'000'000'000;
  h.monotonicNs = static_cast<uint64_t>(monotonicNs);
  return h;
}

proto::FrameTiming frame(int64_t startNs, int64_t lengthNs) {
  proto::FrameTiming t;
  t.intendedVsync = t.vsync = t.handleInputStart = t.animationStart = t.performTraversalsStart = t.drawStart =
      t.syncQueued = t.syncStart = t.issueDrawCommandsStart = startNs;
  t.swapBuffers = t.frameCompleted = t.gpuCompleted = startNs + lengthNs;
  return t;
}

proto::FrameBatch batch(std::string scene, std::vector<proto::FrameTiming> frames) {
  proto::FrameBatch b;
  b.packageName = "com.example.app";
  b.scene = std::move(scene);
  b.refreshPeriodNs = 16'666'667;
  b.frames = std::move(frames);
  return b;
}

proto::MatrixIssue issue(uint64_t logTimeMs, std::string content) {
  proto::MatrixIssue i;
  i.logTimeMs = logTimeMs;
  i.pid = 4242;
  i.logTag = "Matrix.DefaultPluginListener";
  i.tag = "Trace_EvilMethod";
  i.type = 0;
  i.key = "k";
  i.kind = proto::IssueKind::kEvilMethod;
  i.contentJson = std::move(content);
  i.monotonicNs = static_cast<uint64_t>(kStartNs + 5 * kMs);
  return i;
}

class RecordTranslatorTest : public ::testing::Test {
 protected:
  RecordTranslatorTest() { m_translator.connected(hello(kStartNs), m_t0); }
  Translation feed(const proto::Message& message, std::chrono::milliseconds after = 0ms) {
    return m_translator.translate(message, m_t0 + after);
  }
  RecordTranslator m_translator{"com.example.app"};
  const HostClock::time_point m_t0 = HostClock::time_point(100s);
};

TEST_F(RecordTranslatorTest, FramesBecomeRecordsUnderTheirSceneAndARestartsResentFramesAreDropped) {
  const auto a = frame(kStartNs + 10 * kMs, 12 * kMs), b = frame(kStartNs + 27 * kMs, 40 * kMs);
  const Translation first = feed(batch("com.example.app/.Main", {a, b}));
  ASSERT_EQ(first.records.size(), 3u);
  EXPECT_EQ(first.records[0].type, RecordType::kScene);
  EXPECT_EQ(first.records[0].timeNs, kStartNs + 10 * kMs);
  EXPECT_EQ(first.records[0].text, "com.example.app/.Main");
  EXPECT_EQ(first.records[1].type, RecordType::kFrame);
  EXPECT_EQ(first.records[1].timeNs, kStartNs + 10 * kMs);
  EXPECT_EQ(first.records[1].frame.durationNs, 12 * kMs);
  EXPECT_EQ(first.records[2].timeNs, kStartNs + 27 * kMs);
  EXPECT_EQ(first.records[2].frame.durationNs, 40 * kMs);
  EXPECT_TRUE(first.notices.empty());
  EXPECT_EQ(m_translator.lastDeviceNs(), kStartNs + 67 * kMs);
  EXPECT_EQ(m_translator.scene(), "com.example.app/.Main");

  // After a reconnection the new agent lists the window's last rows again: only c is new, and
  // the scene, unchanged, is not recorded twice.
  m_translator.connected(hello(kStartNs + 500 * kMs), m_t0 + 500ms);
  const auto c = frame(kStartNs + 600 * kMs, 8 * kMs);
  const Translation again = feed(batch("com.example.app/.Main", {a, b, c}), 600ms);
  ASSERT_EQ(again.records.size(), 1u);
  EXPECT_EQ(again.records[0].type, RecordType::kFrame);
  EXPECT_EQ(again.records[0].timeNs, kStartNs + 600 * kMs);

  // Another window: its scene first.
  const Translation other = feed(batch("com.example.app/.Detail", {frame(kStartNs + 700 * kMs, 9 * kMs)}), 700ms);
  ASSERT_EQ(other.records.size(), 2u);
  EXPECT_EQ(other.records[0].type, RecordType::kScene);
  EXPECT_EQ(other.records[0].text, "com.example.app/.Detail");
  EXPECT_EQ(other.records[1].type, RecordType::kFrame);
}

TEST_F(RecordTranslatorTest, FramesDrawnBeforeTheRecordingAndGarbageStampsAreLeftOut) {
  proto::FrameTiming garbage = frame(kStartNs + 20 * kMs, 0);
  garbage.frameCompleted = 0;  // no completion: skipped unless flagged
  proto::FrameTiming flagged = frame(kStartNs + 30 * kMs, 0);
  flagged.frameCompleted = 0;
  flagged.flags = 1;
  const Translation t =
      feed(batch("S", {frame(kStartNs - 400 * kMs, 10 * kMs), garbage, flagged, frame(kStartNs + 40 * kMs, 10 * kMs)}));
  ASSERT_EQ(t.records.size(), 3u);  // the scene, the flagged row (no duration), the recording's frame
  EXPECT_EQ(t.records[0].type, RecordType::kScene);
  EXPECT_EQ(t.records[1].type, RecordType::kFrame);
  EXPECT_EQ(t.records[1].timeNs, kStartNs + 30 * kMs);
  EXPECT_EQ(t.records[1].frame.durationNs, 0);
  EXPECT_EQ(t.records[2].timeNs, kStartNs + 40 * kMs);
}

TEST_F(RecordTranslatorTest, AnAnrReadTwiceIsRecordedOnce) {
  proto::AnrReport anr;
  anr.timeMs = 1'700'000'001'000;
  anr.pid = 4242;
  anr.reason = "Input dispatching timed out";
  anr.monotonicNs = static_cast<uint64_t>(kStartNs + 3 * kMs);
  const Translation first = feed(anr);
  ASSERT_EQ(first.records.size(), 1u);
  EXPECT_EQ(first.records[0].type, RecordType::kAnr);
  EXPECT_EQ(first.records[0].timeNs, kStartNs + 3 * kMs);
  EXPECT_EQ(first.records[0].text, "ANR Input dispatching timed out");
  EXPECT_EQ(m_translator.logResumeMs(), 1'700'000'001'000u);
  EXPECT_TRUE(feed(anr).records.empty());
  anr.pid = 4243;  // another process at the same time is another ANR
  anr.traces = "----- pid 4243 -----";
  const Translation other = feed(anr);
  ASSERT_EQ(other.records.size(), 1u);
  EXPECT_EQ(other.records[0].text, "----- pid 4243 -----");
}

TEST_F(RecordTranslatorTest, AnIssueReadTwiceIsRecordedOnceAndMovesTheLogResumePoint) {
  EXPECT_EQ(m_translator.logResumeMs(), 1'700'000'000'000u);  // the first agent's start
  const proto::MatrixIssue evil = issue(1'700'000'002'000, R"({"cost":900})");
  const Translation first = feed(evil);
  ASSERT_EQ(first.records.size(), 1u);
  EXPECT_EQ(first.records[0].type, RecordType::kIssue);
  EXPECT_EQ(first.records[0].timeNs, kStartNs + 5 * kMs);
  EXPECT_EQ(first.records[0].text,
            R"({"content":{"cost":900},"key":"k","logTimeMs":1700000002000,"pid":4242,"tag":"Trace_EvilMethod",)"
            R"("truncated":false,"type":0})");
  EXPECT_EQ(m_translator.logResumeMs(), 1'700'000'002'000u);
  EXPECT_TRUE(feed(evil).records.empty());  // a restarted agent read it again
  // The same time and process with other content is another issue.
  EXPECT_EQ(feed(issue(1'700'000'002'000, R"({"cost":901})")).records.size(), 1u);
}

TEST_F(RecordTranslatorTest, ALeakVerdictGoesToTheLeakWatchOnce) {
  proto::MatrixIssue leak = issue(1'700'000'003'000, R"({"activity":"com.example.app.Main"})");
  leak.kind = proto::IssueKind::kMemory;
  leak.logTag = "mxi.LeakWatch";
  const Translation t = feed(leak);
  EXPECT_TRUE(t.records.empty());
  ASSERT_EQ(t.leakVerdicts.size(), 1u);
  EXPECT_EQ(t.leakVerdicts[0].issue, leak);
  EXPECT_EQ(t.leakVerdicts[0].timeNs, kStartNs + 5 * kMs);
  EXPECT_TRUE(feed(leak).leakVerdicts.empty());
  // Stamped when the agent judged, not logged: lines before it may still be unread.
  EXPECT_EQ(m_translator.logResumeMs(), 1'700'000'000'000u);
}

// An am_anr waits in the agent for its dropbox report while newer issues pass it. A restarted
// agent reads logcat again from the replay (10 s of that wait + 2 polls of 1 s + 5 s) before the
// newest recorded line, never from before the first agent's start; what it reads twice is dropped.
TEST_F(RecordTranslatorTest, ARestartedAgentReadsAgainWhatTheDeadOneMayHaveHeld) {
  EXPECT_EQ(proto::logReplayMs(1000), 17'000u);
  EXPECT_EQ(m_translator.logSinceMs(), 1'700'000'000'000u);
  const proto::MatrixIssue early = issue(1'700'000'003'000, R"({"cost":700})");
  ASSERT_EQ(feed(early).records.size(), 1u);
  EXPECT_EQ(m_translator.logSinceMs(), 1'700'000'000'000u);  // the first agent's start
  const proto::MatrixIssue late = issue(1'700'000'030'000, R"({"cost":800})");
  ASSERT_EQ(feed(late).records.size(), 1u);
  EXPECT_EQ(m_translator.logResumeMs(), 1'700'000'030'000u);
  EXPECT_EQ(m_translator.logSinceMs(), 1'700'000'013'000u);
  // The new agent's replay: the held ANR is recorded, the issues it reads again are not.
  proto::AnrReport anr;
  anr.timeMs = 1'700'000'020'000;
  anr.pid = 4242;
  anr.reason = "Input dispatching timed out";
  EXPECT_EQ(feed(anr).records.size(), 1u);
  EXPECT_TRUE(feed(late).records.empty());
  EXPECT_EQ(m_translator.logResumeMs(), 1'700'000'030'000u);
  // Ids older than the replay and a minute are forgotten; those within it are kept.
  const proto::MatrixIssue newest = issue(1'700'000'090'000, R"({"cost":900})");
  ASSERT_EQ(feed(newest).records.size(), 1u);
  EXPECT_TRUE(feed(late).records.empty());    // 60 s before: within 17 s + 60 s
  EXPECT_EQ(feed(early).records.size(), 1u);  // 87 s before: forgotten, as it can no longer come
}

TEST_F(RecordTranslatorTest, TheAppsDeathAndRestartAreMarkedAndTold) {
  const auto state = [](int32_t pid) {
    return proto::AppState{"com.example.app", pid, pid ? proto::AppRunState::kRunning : proto::AppRunState::kStopped,
                           true};
  };
  const Translation running = feed(state(100));  // running from the start: nothing to say
  EXPECT_TRUE(running.records.empty());
  EXPECT_FALSE(running.app);
  EXPECT_TRUE(m_translator.appEverRan());
  EXPECT_TRUE(feed(state(100), 100ms).records.empty());  // no news
  const Translation died = feed(state(0), 1000ms);
  ASSERT_EQ(died.records.size(), 1u);
  EXPECT_EQ(died.records[0].type, RecordType::kMark);
  EXPECT_EQ(died.records[0].timeNs, kStartNs + 1000 * kMs);  // the device's clock estimated from the hello
  EXPECT_EQ(died.records[0].text, "app process died (pid 100)");
  ASSERT_TRUE(died.app);
  EXPECT_EQ(died.app->pid, 0);
  EXPECT_EQ(died.notices, std::vector<std::string>{"app process died (pid 100); what was recorded is kept; waiting for "
                                                   "it to restart"});
  const Translation back = feed(state(200), 3500ms);
  ASSERT_EQ(back.records.size(), 1u);
  EXPECT_EQ(back.records[0].text, "app process restarted as pid 200, 2.5 s after pid 100 died");
  EXPECT_EQ(back.app->pid, 200);
  EXPECT_EQ(m_translator.appPid(), 200);
  EXPECT_TRUE(feed(proto::AppState{"com.other", 0, proto::AppRunState::kStopped, false}).records.empty());
}

TEST_F(RecordTranslatorTest, AnOutageIsAFrameGapOverItsSpanAndAMarkSayingWhy) {
  feed(batch("com.example.app/.Main", {frame(kStartNs + 10 * kMs, 10 * kMs)}));
  const auto records = m_translator.outage(m_t0 + 2s, m_t0 + 24500ms, 60.0, "agent unreachable (device offline)");
  ASSERT_EQ(records.size(), 2u);
  EXPECT_EQ(records[0].type, RecordType::kFrameGap);
  EXPECT_EQ(records[0].timeNs, kStartNs + 2000 * kMs);
  EXPECT_EQ(records[0].gapNs, 22'500 * kMs);
  EXPECT_EQ(records[0].gapFrames, 1350u);  // 22.5 s at 60 Hz
  EXPECT_EQ(records[0].text, "com.example.app/.Main");
  EXPECT_EQ(records[1].type, RecordType::kMark);
  EXPECT_EQ(records[1].timeNs, kStartNs + 2000 * kMs);
  EXPECT_EQ(records[1].text, "no data for 22.5 s: agent unreachable (device offline)");
}

TEST_F(RecordTranslatorTest, AnAgentsFrameGapIsRecordedAndExplained) {
  proto::FrameGap gap{"com.example.app", "S", static_cast<uint64_t>(kStartNs + 100 * kMs),
                      static_cast<uint64_t>(kStartNs + 1300 * kMs), 71};
  const Translation t = feed(gap);
  ASSERT_EQ(t.records.size(), 1u);
  EXPECT_EQ(t.records[0].type, RecordType::kFrameGap);
  EXPECT_EQ(t.records[0].timeNs, kStartNs + 100 * kMs);
  EXPECT_EQ(t.records[0].gapNs, 1200 * kMs);
  EXPECT_EQ(t.records[0].gapFrames, 71u);
  ASSERT_EQ(t.notices.size(), 1u);
  EXPECT_TRUE(t.notices[0].starts_with("frames lost: 1.20 s of S not seen (at most 71 frames); ")) << t.notices[0];
  std::swap(gap.lastSeenVsyncNs, gap.nextSeenVsyncNs);  // reversed stamps: an empty gap
  EXPECT_EQ(feed(gap).records.at(0).gapNs, 0);
}

TEST_F(RecordTranslatorTest, ARefusedPackageEndsTheRecording) {
  const Translation t = feed(proto::Error{proto::ErrorCode::kInvalidPackage, 0, "no such package"});
  EXPECT_EQ(t.status.code(), StatusCode::kInvalidInput);
  EXPECT_EQ(t.status.message(), "agent refused the package: no such package");
  EXPECT_EQ(t.notices, std::vector<std::string>{"agent: no such package"});
}

}  // namespace
}  // namespace mxi::core::agentlink

namespace mxi::core::agentlink {
namespace {

proto::SqlOperations sqlBatch(std::vector<proto::SqlOperation> ops, bool rolledOver = false) {
  proto::SqlOperations b;
  b.pid = 4242;
  b.process = "com.example.app";
  b.dbPath = "/data/user/0/com.example.app/databases/notes.db";
  b.connectionId = 0;
  b.ringRolledOver = rolledOver;
  b.operations = std::move(ops);
  return b;
}

proto::SqlOperation sqlOp(int second, std::string sql, int64_t durationMs) {
  char text[32];
  std::snprintf(text, sizeof text, "2023-11-14 22:13:%02d.000", second);
  return {text,
          static_cast<uint64_t>(1'700'000'000'000 + second * 1000),
          static_cast<uint64_t>(kStartNs + second * 1000 * kMs),
          "executeForCursorWindow",
          durationMs,
          "succeeded",
          std::move(sql)};
}

// Each operation becomes a kSqlOperation record with what the agent sent; the first slow one of
// a shape also an issue (tag SQLiteLint, type 100, Matrix's id as key); a restarted agent's
// operations sent again are dropped; a rolled-over ring is a mark and a notice.
TEST(RecordTranslatorSqlTest, SqlOperationsBecomeRecordsAndASlowShapeOneIssue) {
  RecordTranslator t("com.example.app", 100);
  const auto now = HostClock::now();
  t.connected(hello(kStartNs), now);
  Translation first = t.translate(sqlBatch({sqlOp(1, "SELECT * FROM note WHERE id = 1", 3),
                                            sqlOp(2, "SELECT * FROM note WHERE title LIKE '%a%'", 150)}),
                                  now);
  ASSERT_EQ(first.records.size(), 3u);
  EXPECT_EQ(first.records[0].type, RecordType::kSqlOperation);
  EXPECT_EQ(first.records[0].timeNs, kStartNs + 1000 * kMs);
  const session::SqlOperation& q = first.records[0].sql;
  EXPECT_EQ(q.timeNs, kStartNs + 1000 * kMs);
  EXPECT_EQ(q.pid, 4242);
  EXPECT_EQ(q.process, "com.example.app");
  EXPECT_EQ(q.dbPath, "/data/user/0/com.example.app/databases/notes.db");
  EXPECT_EQ(q.connectionId, 0);
  EXPECT_EQ(q.timeText, "2023-11-14 22:13:01.000");
  EXPECT_EQ(q.wallClockMs, 1'700'000'001'000);
  EXPECT_EQ(q.kind, "executeForCursorWindow");
  EXPECT_EQ(q.durationMs, 3);
  EXPECT_EQ(q.status, "succeeded");
  EXPECT_EQ(q.sql, "SELECT * FROM note WHERE id = 1");
  EXPECT_EQ(first.records[1].type, RecordType::kSqlOperation);
  EXPECT_EQ(first.records[2].type, RecordType::kIssue);
  EXPECT_EQ(first.records[2].timeNs, kStartNs + 2000 * kMs);
  const nlohmann::json j = nlohmann::json::parse(first.records[2].text);
  EXPECT_EQ(j["tag"], "SQLiteLint");
  EXPECT_EQ(j["type"], 100);
  EXPECT_EQ(j["key"], "07efc24b617f20c782416f632b0db994");  // MD5 of "notes.db_SlowStatementChecker_<shape>"
  EXPECT_EQ(j["pid"], 4242);
  EXPECT_EQ(j["logTimeMs"], 1'700'000'002'000);
  EXPECT_EQ(j["content"]["sql"], "SELECT * FROM note WHERE title LIKE '%a%'");
  EXPECT_EQ(j["content"]["sqlTimeCost"], 150);
  EXPECT_EQ(j["content"]["shape"], "SELECT * FROM note WHERE title LIKE ?");
  EXPECT_FALSE(j["content"].contains("isInMainThread"));
  // The first statements of a database say so once: the agent's "lists no open database yet"
  // is not left as the last word.
  EXPECT_EQ(first.notices, std::vector<std::string>{"SQL: the app's statements on "
                                                    "/data/user/0/com.example.app/databases/notes.db are being "
                                                    "collected"});

  // The same shape slow again: a record, no second issue. A restarted agent's repeat: nothing.
  Translation second = t.translate(sqlBatch({sqlOp(2, "SELECT * FROM note WHERE title LIKE '%a%'", 150),
                                             sqlOp(3, "SELECT * FROM note WHERE title LIKE 'x'", 900)}),
                                   now);
  ASSERT_EQ(second.records.size(), 1u);
  EXPECT_TRUE(second.notices.empty());
  EXPECT_EQ(second.records[0].type, RecordType::kSqlOperation);
  EXPECT_EQ(second.records[0].sql.durationMs, 900);

  Translation rolled = t.translate(sqlBatch({sqlOp(9, "DELETE FROM note", 1)}, true), now);
  ASSERT_EQ(rolled.records.size(), 2u);
  EXPECT_EQ(rolled.records[0].type, RecordType::kMark);
  EXPECT_EQ(rolled.records[0].text,
            "SQL operations not seen: connection 0 of /data/user/0/com.example.app/databases/notes.db (pid 4242) ran "
            "more between two dumpsys dbinfo polls than its ring keeps");
  ASSERT_EQ(rolled.notices.size(), 1u);
  EXPECT_EQ(rolled.records[1].sql.sql, "DELETE FROM note");
}

// SQLite's automatic-index line: one issue (type 101) per table and columns; the logcat resume
// point moves past it like past any logged issue.
TEST(RecordTranslatorSqlTest, AnAutomaticIndexLineIsOneIssue) {
  RecordTranslator t("com.example.app");
  const auto now = HostClock::now();
  t.connected(hello(kStartNs), now);
  proto::SqliteLog log{1'700'000'000'500, static_cast<uint64_t>(kStartNs + 500 * kMs), 4242, 4242,
                       "(284) automatic index on note(title)"};
  Translation first = t.translate(log, now);
  ASSERT_EQ(first.records.size(), 1u);
  EXPECT_EQ(first.records[0].type, RecordType::kIssue);
  EXPECT_EQ(first.records[0].timeNs, kStartNs + 500 * kMs);
  const nlohmann::json j = nlohmann::json::parse(first.records[0].text);
  EXPECT_EQ(j["tag"], "SQLiteLint");
  EXPECT_EQ(j["type"], 101);
  EXPECT_EQ(j["key"], "091ba35c88ed7da14564d9ac65fe933a");
  EXPECT_EQ(j["content"]["table"], "note");
  EXPECT_EQ(t.logResumeMs(), 1'700'000'000'500u);
  log.logTimeMs += 1000;
  EXPECT_TRUE(t.translate(log, now).records.empty());
}

// --sql-slow-ms 0: operations are recorded, no slow-statement issue.
TEST(RecordTranslatorSqlTest, NoSlowIssuesWithAZeroThreshold) {
  RecordTranslator t("com.example.app", 0);
  t.connected(hello(kStartNs), HostClock::now());
  Translation out = t.translate(sqlBatch({sqlOp(1, "SELECT 1", 5000)}), HostClock::now());
  ASSERT_EQ(out.records.size(), 1u);
  EXPECT_EQ(out.records[0].type, RecordType::kSqlOperation);
}

}  // namespace
}  // namespace mxi::core::agentlink
