// Many `mxi triage` runs at once on one store lose nothing: eight processes over the same real
// JVM dumps, on a store none of them has seen (each round a new SQLite file, or a new database on
// the throwaway PostgreSQL server), twenty rounds per engine (three under ASan). Every run must exit 0, each capture
// must be stored once and analysed by exactly one run, and every run must end showing what one
// run alone stores.
#include <gtest/gtest.h>

#include <filesystem>
#include <memory>
#include <set>
#include <tuple>

#include <nlohmann/json.hpp>

#include "core/triage/sql_connection.h"
#include "core/triage/triage_store.h"
#include "tests/support/run_mxi.h"
#include "tests/support/sanitizer.h"
#include "tests/support/start_gate.h"
#include "tests/support/throwaway_postgres.h"

namespace mxi {
namespace {
namespace fs = std::filesystem;
namespace triage = core::triage;

constexpr int kRuns = 8;
// Under ASan each mxi runs several times slower: a few rounds still look for memory errors in
// the races, within the test's time limit; the regular suite runs all twenty.
const int kRounds = test::underAddressSanitizer() ? 3 : 20;
const char* const kDumps[] = {"leaks_base", "bitmaps", "view_leaks"};

// (signature, kind, captures) of a run's final listing: what the store held when it ended.
using Listing = std::set<std::tuple<std::string, std::string, int>>;

Listing listingOf(const nlohmann::json& run) {
  Listing out;
  for (const auto& s : run["signatures"]) {
    out.emplace(s["signature"].get<std::string>(), s["kind"].get<std::string>(), s["captures"].get<int>());
  }
  return out;
}

// Rows per table, and captures by distinct hash, read straight from the store.
struct RowCounts {
  int64_t captures = 0, distinctHashes = 0, signatures = 0, occurrences = 0, chains = 0;
  bool operator==(const RowCounts&) const = default;
};

std::ostream& operator<<(std::ostream& out, const RowCounts& c) {
  return out << c.captures << " captures (" << c.distinctHashes << " hashes), " << c.signatures << " signatures, "
             << c.occurrences << " occurrences, " << c.chains << " chains";
}

RowCounts countRows(const std::string& location) {
  auto db = triage::isPostgresLocation(location) ? triage::openPostgres(location) : triage::openSqlite(location);
  EXPECT_TRUE(db.ok()) << db.status().toString();
  if (!db.ok()) return {};
  auto one = [&](const char* sql) -> int64_t {
    auto rows = (*db)->query(sql);
    EXPECT_TRUE(rows.ok()) << rows.status().toString();
    return rows.ok() && !rows->empty() ? triage::sqlInt((*rows)[0][0]) : -1;
  };
  return {one("SELECT COUNT(*) FROM captures"), one("SELECT COUNT(DISTINCT hash) FROM captures"),
          one("SELECT COUNT(*) FROM signatures"), one("SELECT COUNT(*) FROM occurrences"),
          one("SELECT COUNT(*) FROM chains")};
}

class TriageConcurrencyTest : public ::testing::TestWithParam<std::string> {
 protected:
  void SetUp() override {
    m_dir = test::scratchDir("triage-concurrency-" + GetParam());
    fs::create_directories(m_dir / "run");
    for (const char* name : kDumps) {
      fs::copy_file(fs::path(test::fixtureDumpDir()) / (std::string(name) + ".hprof"),
                    m_dir / "run" / (std::string(name) + ".hprof"), fs::copy_options::overwrite_existing);
    }
    if (GetParam() == "postgres") {
      auto& server = test::ThrowawayPostgres::instance();
      if (!server.running()) GTEST_SKIP() << "PostgreSQL: " << server.skipReason();
    }
    // What one run alone stores: the truth every round is held to.
    const std::string alone = (m_dir / "alone.sqlite").string();
    fs::remove(alone);
    const auto run = test::runMxi(triageArgs(alone));
    ASSERT_EQ(run.exitCode, 0) << run.err;
    const auto j = nlohmann::json::parse(run.out);
    ASSERT_EQ(j["analysed"], std::size(kDumps));
    m_expectedListing = listingOf(j);
    ASSERT_FALSE(m_expectedListing.empty());
    m_expectedRows = countRows(alone);
    ASSERT_EQ(m_expectedRows.captures, static_cast<int64_t>(std::size(kDumps)));
  }

  std::string freshStore(int round) {
    if (GetParam() == "postgres") {
      const auto location = test::ThrowawayPostgres::instance().freshDatabase("stress_" + std::to_string(round));
      EXPECT_FALSE(location.empty());
      return location;
    }
    const std::string file = (m_dir / ("round-" + std::to_string(round) + ".sqlite")).string();
    for (const char* suffix : {"", "-wal", "-shm"}) fs::remove(file + suffix);
    return file;
  }

  std::vector<std::string> triageArgs(const std::string& store) const {
    return {"triage", "-q", "--jobs", "1", "--db", store, "--format", "json", (m_dir / "run").string()};
  }

  fs::path m_dir;
  Listing m_expectedListing;
  RowCounts m_expectedRows;
};

TEST_P(TriageConcurrencyTest, EightRunsOnAFreshStoreLoseNothing) {
  for (int round = 0; round < kRounds; ++round) {
    SCOPED_TRACE("round " + std::to_string(round));
    const std::string store = freshStore(round);
    ASSERT_FALSE(store.empty());
    // Released together, the eight open the new store within milliseconds of each other.
    auto argv = triageArgs(store);
    argv.insert(argv.begin(), test::cliPath());
    test::StartGate gate(m_dir / "start.lock");
    ASSERT_TRUE(gate.locked());
    std::vector<std::unique_ptr<test::RunningProgram>> runs;
    for (int r = 0; r < kRuns; ++r) runs.push_back(std::make_unique<test::RunningProgram>(gate.gated(argv)));
    gate.open();
    int analysed = 0;
    for (auto& run : runs) {
      ASSERT_EQ(run->wait(std::chrono::minutes(2)), 0) << run->errorOutput();
      const auto j = nlohmann::json::parse(run->output());
      EXPECT_EQ(j["failed"], 0);
      EXPECT_EQ(j["analysed"].get<int>() + j["skipped"].get<int>(), static_cast<int>(std::size(kDumps)));
      analysed += j["analysed"].get<int>();
      // Each run ends after every capture is stored, by it or by another: it shows them all,
      // each signature once.
      EXPECT_EQ(listingOf(j), m_expectedListing);
      EXPECT_EQ(j["signatures"].size(), m_expectedListing.size());
    }
    EXPECT_EQ(analysed, static_cast<int>(std::size(kDumps)));  // each capture stored by one run
    EXPECT_EQ(countRows(store), m_expectedRows);
    if (::testing::Test::HasFailure()) return;
  }
}

INSTANTIATE_TEST_SUITE_P(Engines, TriageConcurrencyTest, ::testing::Values("sqlite", "postgres"),
                         [](const ::testing::TestParamInfo<std::string>& p) { return p.param; });

}  // namespace
}  // namespace mxi
