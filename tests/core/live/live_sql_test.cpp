// The live model's SQL figures: kSqlOperation records counted in LiveStatus and in `mxi record`'s
// line ("  sql N"), a SQLiteLint issue in the feed like any issue.
#include <gtest/gtest.h>

#include <vector>

#include "core/live/live_record_feed.h"
#include "core/live/live_session.h"
#include "core/session/session_format.h"

namespace mxi::core::live {
namespace {

using session::RecordType;
using session::SessionRecord;

constexpr int64_t kStartNs = 7'000'000'000;

SessionRecord sqlRecord(int64_t timeNs, std::string sql) {
  SessionRecord r;
  r.type = RecordType::kSqlOperation;
  r.timeNs = timeNs;
  r.sql.timeNs = timeNs;
  r.sql.sql = std::move(sql);
  r.sql.durationMs = 4;
  return r;
}

TEST(LiveSqlTest, OperationsAreCountedInTheStatusLine) {
  LiveSession live;
  LiveRecordFeed feed(live);
  feed.setStartNs(kStartNs);
  std::vector<SessionRecord> records = {sqlRecord(kStartNs + 1'000'000'000, "SELECT 1"),
                                        sqlRecord(kStartNs + 1'500'000'000, "SELECT 2"),
                                        sqlRecord(kStartNs + 2'000'000'000, "SELECT 3")};
  SessionRecord issue;
  issue.type = RecordType::kIssue;
  issue.timeNs = kStartNs + 2'000'000'000;
  issue.text = R"({"tag":"SQLiteLint","type":100,"key":"k","content":{"sql":"SELECT 3","sqlTimeCost":150}})";
  records.push_back(issue);
  feed.add(records);
  const LiveStatus s = live.status();
  EXPECT_EQ(s.sqlOperations, 3u);
  EXPECT_EQ(formatLiveStatus(s),
            "2.0s  0.0 fps  frames 0 (+0 flagged) [best 0 normal 0 middle 0 high 0 frozen 0]  issues other 1  anr 0"
            "  sql 3");
}

TEST(LiveSqlTest, WithoutOperationsTheLineIsUnchanged) {
  LiveSession live;
  live.addMark("hello", 1500);
  EXPECT_EQ(live.status().sqlOperations, 0u);
  EXPECT_EQ(formatLiveStatus(live.status()),
            "1.5s  0.0 fps  frames 0 (+0 flagged) [best 0 normal 0 middle 0 high 0 frozen 0]  issues 0  anr 0");
}

}  // namespace
}  // namespace mxi::core::live
