// `mxi parse dbinfo` as scripts and people use it: the JSON contract of issue 43 (a field the layout
// lacks is absent), the text table, stdin, problems on stderr and the exit codes.
#include <gtest/gtest.h>

#include <fstream>
#include <string>

#include <nlohmann/json.hpp>

#include "tests/support/reference_fixtures.h"
#include "tests/support/run_mxi.h"

namespace mxi {
namespace {

using nlohmann::json;

TEST(DbinfoCliTest, ListedInParseHelp) {
  const test::ProgramRun help = test::runMxi({"parse", "--help"});
  EXPECT_EQ(help.exitCode, 0);
  EXPECT_NE(help.out.find("dbinfo"), std::string::npos) << help.out;
  const test::ProgramRun own = test::runMxi({"parse", "dbinfo", "--help"});
  EXPECT_EQ(own.exitCode, 0);
  EXPECT_NE(own.out.find("--format"), std::string::npos) << own.out;
}

// Android 7: no path= (absent, not null), the full process header.
TEST(DbinfoCliTest, JsonOfAndroid7) {
  MXI_REQUIRE_FIXTURE(path, "dbinfo/aosp_android7_miui_mms_2017.txt");
  const test::ProgramRun r = test::runMxi({"parse", "dbinfo", "--format", "json", path.string()});
  ASSERT_EQ(r.exitCode, 0) << r.err;
  EXPECT_EQ(r.err, "");
  const json j = json::parse(r.out);
  EXPECT_FALSE(j.contains("problems"));
  ASSERT_EQ(j["processes"].size(), 1u);
  const json& p = j["processes"][0];
  EXPECT_EQ(p["pid"], 11635);
  EXPECT_EQ(p["process"], "com.android.mms");
  EXPECT_EQ(p["files"], json::array());
  ASSERT_EQ(p["pools"].size(), 1u);
  EXPECT_EQ(p["pools"][0]["path"], "/data/user/0/com.android.mms/databases/cache.db");
  const json& c = p["pools"][0]["connections"][0];
  EXPECT_EQ(c["id"], 0);
  EXPECT_EQ(c["primary"], true);
  ASSERT_EQ(c["operations"].size(), 15u);
  EXPECT_EQ(c["operations"][0], json::parse(R"({"time":"2017-12-25 10:37:27.000","kind":"executeForCursorWindow",
      "durationMs":1,"status":"succeeded","sql":"SELECT action_id, action, timestamp FROM ad_cache"})"));
  EXPECT_EQ(c["operations"][14], json::parse(R"({"time":"2017-12-25 10:37:26.993","kind":"executeForLong",
      "durationMs":1,"status":"succeeded","sql":"PRAGMA page_size"})"));
}

// Android 11 excerpt from stdin: no pid/process keys, path= on each op, the file row.
TEST(DbinfoCliTest, JsonOfAndroid11ExcerptFromStdin) {
  MXI_REQUIRE_FIXTURE(path, "dbinfo/aosp_android11_pixel2_settings_2021_excerpt.txt");
  test::RunOptions options;
  options.stdinFile = path;
  const test::ProgramRun r = test::runMxi({"parse", "dbinfo", "--format", "json", "-"}, options);
  ASSERT_EQ(r.exitCode, 0) << r.err;
  const json p = json::parse(r.out)["processes"][0];
  EXPECT_FALSE(p.contains("pid"));
  EXPECT_FALSE(p.contains("process"));
  EXPECT_EQ(p["files"], json::parse(R"([{"name":"battery_settings.db","bytes":28672}])"));
  EXPECT_EQ(p["pools"][0]["connections"][0]["operations"][0],
            json::parse(R"({"time":"2021-10-26 22:50:27.305","kind":"execute","durationMs":15,"status":"succeeded",
      "sql":"COMMIT;","path":"/data/user_de/0/com.android.settings/databases/homepage_cards.db"})"));
}

TEST(DbinfoCliTest, TextOfAndroid11Excerpt) {
  MXI_REQUIRE_FIXTURE(path, "dbinfo/aosp_android11_pixel2_settings_2021_excerpt.txt");
  const test::ProgramRun r = test::runMxi({"parse", "dbinfo", path.string()});
  ASSERT_EQ(r.exitCode, 0) << r.err;
  EXPECT_EQ(r.err, "");
  const std::string insert =
      "INSERT INTO cards(package_name,app_version,slice_uri,name,type,category,score) VALUES (?,?,?,?,?,?,?)";
  EXPECT_EQ(r.out,
            "pid ?  (no \"** Database info for pid\" header: an excerpt)\n"
            "  pool /data/user_de/0/com.android.settings/databases/homepage_cards.db\n"
            "    open yes  max connections 1  total execution 36 ms\n"
            "    configuration: openFlags=268435456, isLegacyCompatibilityWalEnabled=false, journalMode=, syncMode=\n"
            "    connection #0 (primary): 3 operation(s)\n"
            "      time                     kind                             ms  status     sql\n"
            "      2021-10-26 22:50:27.305  execute                          15  succeeded  COMMIT;\n"
            "      2021-10-26 22:50:27.304  executeForLastInsertedRowId       0  succeeded  " +
                insert +
                "\n"
                "      2021-10-26 22:50:27.304  prepare                           0  succeeded  " +
                insert +
                "\n"
                "  database files\n"
                "         28672  /data/user_de/0/com.android.settings/databases/battery_settings.db\n"
                "\n"
                "1 process(es), 0 problem(s)\n");
}

// SDK 36: meminfo's own statement is marked in the text; JSON has result= and no sql for a transaction.
TEST(DbinfoCliTest, Sdk36MarksMeminfoStatements) {
  MXI_REQUIRE_FIXTURE(path, "dbinfo/aosp_sdk36_settings_reconstructed.txt");
  const test::ProgramRun text = test::runMxi({"parse", "dbinfo", path.string()});
  ASSERT_EQ(text.exitCode, 0) << text.err;
  EXPECT_NE(text.out.find("connection (header not in the capture): 2 operation(s)\n"), std::string::npos) << text.out;
  EXPECT_NE(text.out.find("  0  succeeded  PRAGMA temp.page_size;   (dumpsys meminfo's own)\n"), std::string::npos)
      << text.out;
  EXPECT_NE(text.out.find("TRANSACTION-IMMEDIATE       4  succeeded  -\n"), std::string::npos) << text.out;
  const test::ProgramRun r = test::runMxi({"parse", "dbinfo", "--format", "json", path.string()});
  ASSERT_EQ(r.exitCode, 0) << r.err;
  const json c = json::parse(r.out)["processes"][0]["pools"][0]["connections"][0];
  EXPECT_FALSE(c.contains("id"));
  EXPECT_FALSE(c.contains("primary"));
  EXPECT_EQ(c["operations"][1], json::parse(R"({"time":"06-10 09:02:10.658","kind":"TRANSACTION-IMMEDIATE",
      "durationMs":4,"status":"succeeded",
      "path":"/data/user_de/0/com.android.settings/databases/battery-usage-db-v11","result":"1"})"));
}

// WCDB with no framework pool: every line on stderr with its number, exit 2 (bad input).
TEST(DbinfoCliTest, ForeignWcdbIsBadInput) {
  MXI_REQUIRE_FIXTURE(path, "dbinfo/foreign_wcdb_issue308_pool_excerpt.txt");
  const test::ProgramRun r = test::runMxi({"parse", "dbinfo", "--format", "json", path.string()});
  EXPECT_EQ(r.exitCode, 2);
  const json j = json::parse(r.out);
  EXPECT_EQ(j["processes"], json::array());
  ASSERT_EQ(j["problems"].size(), 16u);
  EXPECT_EQ(j["problems"][0], json::parse(R"X({"line":1,
      "what":"\"Open: true\" outside a \"Connection pool for\" block (an excerpt cut at its start?)"})X"));
  EXPECT_NE(r.err.find("line 16 (at byte offset 1218)"), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("no \"Connection pool for PATH:\" block found"), std::string::npos) << r.err;
}

// WCDB's pool with an acquired connection: the pool is printed, its WCDB lines reported, exit 0.
TEST(DbinfoCliTest, WcdbPoolProblemsInJson) {
  MXI_REQUIRE_FIXTURE(path, "dbinfo/foreign_wcdb_issue129_acquired_pool_excerpt.txt");
  const test::ProgramRun r = test::runMxi({"parse", "dbinfo", "--format", "json", path.string()});
  EXPECT_EQ(r.exitCode, 0) << r.err;
  const json j = json::parse(r.out);
  ASSERT_EQ(j["problems"].size(), 10u);
  EXPECT_EQ(j["problems"][0]["line"], 13);
  EXPECT_EQ(j["processes"][0]["pools"][0]["connections"][0], json::parse(R"({"id":0,"primary":true,"operations":[]})"));
}

TEST(DbinfoCliTest, MissingFileIsBadInput) {
  const test::ProgramRun r = test::runMxi({"parse", "dbinfo", "/nonexistent/dbinfo.txt"});
  EXPECT_EQ(r.exitCode, 2);
  EXPECT_EQ(r.err, "mxi: parse dbinfo: no such file: /nonexistent/dbinfo.txt\n");
}

}  // namespace
}  // namespace mxi
