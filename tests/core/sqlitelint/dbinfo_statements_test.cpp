// A `dumpsys dbinfo` capture as `mxi sqlite lint --statements` takes it: each operation that ran
// SQL once (not its `prepare`), oldest first, with its duration and time; no TRANSACTION op and
// none of `dumpsys meminfo`'s own PRAGMAs.
#include <gtest/gtest.h>

#include <filesystem>

#include "core/dbinfo/dbinfo_text.h"
#include "core/sqlitelint/dbinfo_statements.h"
#include "tests/support/programs.h"
#include "tests/support/test_paths.h"

namespace mxi::core::sqlitelint {
namespace {

namespace fs = std::filesystem;

TEST(DbinfoStatementsTest, TheAndroid11CaptureGivesItsInsertThenItsCommit) {
  if (test::referenceDir().empty()) GTEST_SKIP() << "../shared/reference is absent";
  const std::string text = test::readFile(fs::path(test::referenceDir()) /
                                          "fixtures/dbinfo/aosp_android11_pixel2_settings_2021_excerpt.txt");
  ASSERT_TRUE(looksLikeDbinfo(text));
  const std::vector<LintStatement> got = dbinfoStatements(dbinfo::parseDbinfo(text), "cap.txt");
  ASSERT_EQ(got.size(), 2u);
  EXPECT_EQ(got[0].sql,
            "INSERT INTO cards(package_name,app_version,slice_uri,name,type,category,score) VALUES (?,?,?,?,?,?,?)");
  EXPECT_EQ(got[0].durationMs, 0.0);
  EXPECT_EQ(got[0].source, "cap.txt:12");
  EXPECT_EQ(got[1].sql, "COMMIT;");
  EXPECT_EQ(got[1].durationMs, 15.0);
  ASSERT_TRUE(got[0].timeMs && got[1].timeMs);
  EXPECT_EQ(*got[1].timeMs - *got[0].timeMs, 1);  // 22:50:27.304, then .305
  EXPECT_FALSE(got[0].mainThread.has_value());    // dbinfo never says which thread
}

TEST(DbinfoStatementsTest, TransactionsMeminfosPragmasAndPreparesAreLeftOut) {
  const std::string text =
      "Connection pool for /data/user/0/a/databases/x.db:\n"
      "  Open: true\n"
      "  Max connections: 1\n"
      "  Available primary connection:\n"
      "    Connection #0:\n"
      "      isPrimaryConnection: true\n"
      "      onlyAllowReadOnlyOperations: false\n"
      "      Most recently executed operations:\n"
      "        0: [06-10 09:21:34.400] executeForLong took 0ms - succeeded, sql=\"PRAGMA page_count;\", "
      "path=/data/user/0/a/databases/x.db\n"
      "        1: [06-10 09:21:34.320] TRANSACTION-IMMEDIATE took 4ms - succeeded, "
      "path=/data/user/0/a/databases/x.db, result=1\n"
      "        2: [06-10 09:21:34.300] executeForCursorWindow took 7ms - succeeded, sql=\"SELECT * FROM t WHERE a = "
      "'x'\", "
      "path=/data/user/0/a/databases/x.db\n"
      "        3: [06-10 09:21:34.299] prepare took 0ms - succeeded, sql=\"SELECT * FROM t WHERE a = 'x'\", "
      "path=/data/user/0/a/databases/x.db\n";
  const std::vector<LintStatement> got = dbinfoStatements(dbinfo::parseDbinfo(text), "sdk36.txt");
  ASSERT_EQ(got.size(), 1u);
  EXPECT_EQ(got[0].sql, "SELECT * FROM t WHERE a = 'x'");
  EXPECT_EQ(got[0].durationMs, 7.0);
  EXPECT_EQ(got[0].source, "sdk36.txt:11");
  EXPECT_TRUE(got[0].timeMs.has_value());  // no year printed: still one clock for the capture
  // Which copied database it is checked against.
  EXPECT_EQ(got[0].database, "/data/user/0/a/databases/x.db");
}

TEST(DbinfoStatementsTest, OtherTextIsNotACapture) {
  EXPECT_FALSE(looksLikeDbinfo("SELECT 1;\n"));
  EXPECT_FALSE(looksLikeDbinfo("11-28 10:00:00.000  42  42 V SQLiteTime: /data/x.db: \"SELECT 1\" took 0.100 ms\n"));
}

}  // namespace
}  // namespace mxi::core::sqlitelint
