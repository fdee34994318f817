// The triage store on both engines: an SQLite file and a real PostgreSQL server this program
// starts itself (tests/support/throwaway_postgres.h). Every figure is asserted exactly.
#include <gtest/gtest.h>

#include <atomic>
#include <filesystem>
#include <functional>
#include <latch>
#include <string>
#include <thread>
#include <vector>

#include "core/triage/sql_connection.h"
#include "core/triage/triage_store.h"
#include "tests/support/test_paths.h"
#include "tests/support/throwaway_postgres.h"

namespace mxi::core::triage {
namespace {

using test::ThrowawayPostgres;

Finding leak(const std::string& signature, uint64_t retained, const std::string& chain = "chain of ") {
  Finding f;
  f.signature = signature;
  f.kind = SignatureKind::kLeak;
  f.className = "com.example.Leaky" + signature;
  f.count = 1;
  f.retainedBytes = retained;
  f.chainText = chain + signature;
  f.objectId = "0x12c0";
  return f;
}

CaptureResult capture(const std::string& hash, int64_t atMs, const std::string& version,
                      std::vector<Finding> findings) {
  CaptureResult r;
  r.info.path = "/captures/" + hash + ".hprof";
  r.info.hash = hash;
  r.info.sizeBytes = 1000;
  r.info.capturedAtMs = atMs;
  r.info.kind = "hprof";
  r.info.appPackage = "com.example";
  r.info.appVersion = version;
  r.info.device = "Google Pixel 7";
  r.findings = std::move(findings);
  return r;
}

// Runs `job` on `n` threads released at the same moment (or they rarely meet where they race);
// what each one's failure says, "" for those that succeeded.
std::vector<std::string> atOnce(int n, const std::function<Status()>& job) {
  std::vector<std::string> failures(static_cast<size_t>(n));
  std::latch start(n);
  std::vector<std::thread> threads;
  for (int i = 0; i < n; ++i) {
    threads.emplace_back([&, i] {
      start.arrive_and_wait();
      const Status status = job();
      failures[static_cast<size_t>(i)] = status.ok() ? "" : status.toString();
    });
  }
  for (auto& t : threads) t.join();
  return failures;
}

class TriageStoreTest : public ::testing::TestWithParam<std::string> {
 protected:
  void SetUp() override {
    const std::string name = ::testing::UnitTest::GetInstance()->current_test_info()->name();
    std::string db = "t_" + name.substr(0, name.find('/'));
    for (char& c : db) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    if (GetParam() == "postgres") {
      auto& server = ThrowawayPostgres::instance();
      if (!server.running()) GTEST_SKIP() << "PostgreSQL: " << server.skipReason();
      m_location = server.freshDatabase(db);
      ASSERT_FALSE(m_location.empty());
    } else {
      const auto dir = test::scratchDir("triage-store-" + db);
      m_location = (dir / (db + ".sqlite")).string();
      for (const char* suffix : {"", "-wal", "-shm"}) std::filesystem::remove(m_location + suffix);
    }
  }
  std::unique_ptr<TriageStore> open() {
    auto store = openTriageStore(m_location);
    EXPECT_TRUE(store.ok()) << store.status().toString();
    return store.ok() ? std::move(*store) : nullptr;
  }
  // A store as version 1 of mxi wrote it: no device, no note, one chain per signature.
  void writeVersion1Store() {
    {
      auto old = openTriageStoreAtVersion(m_location, 1);
      ASSERT_TRUE(old.ok()) << old.status().toString();
      EXPECT_EQ(*(*old)->schemaVersion(), 1);
    }
    {
      auto db = raw();
      for (const char* sql :
           {"INSERT INTO captures (hash, path, size_bytes, captured_at_ms, analysed_at_ms, kind, app_package, "
            "app_version, error) VALUES ('v1hash', '/old/a.hprof', 42, 1000, 2000, 'hprof', 'com.example', '0.9', '')",
            "INSERT INTO signatures (signature, kind, class_name, chain_text, thumbnail_png, status) VALUES "
            "('old1', 'leak', 'com.example.Old', 'the v1 chain', '', 'confirmed')",
            "INSERT INTO occurrences (capture_id, signature, count, retained_bytes, object_id) "
            "SELECT id, 'old1', 2, 4096, '0x1' FROM captures WHERE hash = 'v1hash'"}) {
        auto done = db->query(sql);
        ASSERT_TRUE(done.ok()) << done.status().toString();
      }
    }
  }
  std::unique_ptr<SqlConnection> raw() {
    auto db = isPostgresLocation(m_location) ? openPostgres(m_location) : openSqlite(m_location);
    EXPECT_TRUE(db.ok()) << db.status().toString();
    return std::move(*db);
  }
  std::string m_location;
};

TEST_P(TriageStoreTest, AggregatesEachSignatureOverItsCaptures) {
  auto store = open();
  ASSERT_TRUE(store);
  EXPECT_EQ(*store->schemaVersion(), TriageStore::kSchemaVersion);
  ASSERT_TRUE(*store->addCapture(capture("h1", 1000, "1.0", {leak("aa", 500), leak("bb", 70)})));
  ASSERT_TRUE(*store->addCapture(capture("h2", 3000, "1.1", {leak("aa", 800)})));
  ASSERT_TRUE(*store->addCapture(capture("h3", 2000, "1.10", {leak("aa", 100), leak("cc", 5000)})));
  ASSERT_TRUE(*store->addCapture(capture("h4", 4000, "1.10", {})));

  auto all = store->signatures();
  ASSERT_TRUE(all.ok()) << all.status().toString();
  ASSERT_EQ(all->size(), 3u);
  // By impact, captures × most retained: cc 1 × 5000, aa 3 × 800, bb 1 × 70.
  EXPECT_EQ((*all)[0].signature, "cc");
  EXPECT_EQ((*all)[1].signature, "aa");
  EXPECT_EQ((*all)[2].signature, "bb");
  const SignatureSummary& aa = (*all)[1];
  EXPECT_EQ(aa.captures, 3u);
  EXPECT_EQ(aa.maxRetainedBytes, 800u);
  EXPECT_EQ(aa.totalRetainedBytes, 1400u);
  EXPECT_EQ(aa.firstSeenMs, 1000);
  EXPECT_EQ(aa.lastSeenMs, 3000);
  EXPECT_EQ(aa.status, SignatureStatus::kNew);
  EXPECT_EQ(aa.chainText, "chain of aa");
  EXPECT_EQ(aa.className, "com.example.Leakyaa");

  auto seen = store->occurrences("aa");
  ASSERT_TRUE(seen.ok());
  ASSERT_EQ(seen->size(), 3u);
  EXPECT_EQ((*seen)[0].capture.info.hash, "h1");  // oldest first
  EXPECT_EQ((*seen)[1].capture.info.hash, "h3");
  EXPECT_EQ((*seen)[2].capture.info.hash, "h2");
  EXPECT_EQ((*seen)[1].retainedBytes, 100u);
  EXPECT_EQ((*seen)[0].objectId, "0x12c0");
  EXPECT_EQ((*seen)[0].capture.info.device, "Google Pixel 7");

  // Versions in version order (1.10 after 1.1); h4 counts as a 1.10 capture without it.
  auto trend = store->trend("aa");
  ASSERT_TRUE(trend.ok());
  ASSERT_EQ(trend->size(), 3u);
  EXPECT_EQ((*trend)[0].appVersion, "1.0");
  EXPECT_EQ((*trend)[1].appVersion, "1.1");
  EXPECT_EQ((*trend)[2].appVersion, "1.10");
  EXPECT_EQ((*trend)[2].captures, 2u);
  EXPECT_EQ((*trend)[2].affected, 1u);
  EXPECT_EQ((*trend)[2].maxRetainedBytes, 100u);
}

TEST_P(TriageStoreTest, ACaptureIsStoredOnceByItsHash) {
  auto store = open();
  ASSERT_TRUE(store);
  EXPECT_TRUE(*store->addCapture(capture("same", 1, "1", {leak("aa", 1)})));
  auto again = capture("same", 2, "1", {leak("bb", 1)});
  again.info.path = "/elsewhere/copy.hprof";
  EXPECT_FALSE(*store->addCapture(again));
  EXPECT_EQ(store->captures()->size(), 1u);
  EXPECT_EQ(store->signatures()->size(), 1u);  // nothing of the second was written
  EXPECT_EQ(store->captureByHash("same")->value().info.path, "/captures/same.hprof");
  EXPECT_FALSE(store->captureByHash("other")->has_value());
}

TEST_P(TriageStoreTest, AFailedCaptureKeepsItsError) {
  auto store = open();
  ASSERT_TRUE(store);
  auto damaged = capture("bad", 5, "", {});
  damaged.info.error = "truncated record (at byte offset 300000)";
  EXPECT_TRUE(*store->addCapture(damaged));
  const auto stored = store->captureByHash("bad")->value();
  EXPECT_EQ(stored.info.error, "truncated record (at byte offset 300000)");
  EXPECT_TRUE(store->signatures()->empty());
}

TEST_P(TriageStoreTest, StatusAndNoteStickAcrossRuns) {
  {
    auto store = open();
    ASSERT_TRUE(store);
    ASSERT_TRUE(*store->addCapture(capture("h1", 1, "1", {leak("abc123", 10), leak("abd999", 20)})));
    EXPECT_TRUE(store->setStatus("abc", SignatureStatus::kConfirmed, "JIRA-7: the listener is never removed").ok());
    EXPECT_EQ(store->setStatus("ab", SignatureStatus::kFixed, "").code(), StatusCode::kInvalidInput);  // ambiguous
    EXPECT_EQ(store->setStatus("ffff", SignatureStatus::kFixed, "").code(), StatusCode::kNotFound);
    EXPECT_EQ(store->setStatus("a%", SignatureStatus::kFixed, "").code(), StatusCode::kInvalidInput);
  }
  auto store = open();  // a later run
  ASSERT_TRUE(*store->addCapture(capture("h2", 2, "2", {leak("abc123", 30)})));
  const auto all = store->signatures();
  ASSERT_TRUE(all.ok());
  for (const auto& s : *all) {
    if (s.signature != "abc123") {
      EXPECT_EQ(s.status, SignatureStatus::kNew);
      continue;
    }
    EXPECT_EQ(s.status, SignatureStatus::kConfirmed);
    EXPECT_EQ(s.note, "JIRA-7: the listener is never removed");
    EXPECT_EQ(s.captures, 2u);
  }
}

TEST_P(TriageStoreTest, MigratesAVersion1Store) {
  writeVersion1Store();
  if (HasFatalFailure()) return;
  auto store = open();
  ASSERT_TRUE(store);
  EXPECT_EQ(*store->schemaVersion(), TriageStore::kSchemaVersion);
  auto all = store->signatures();
  ASSERT_TRUE(all.ok()) << all.status().toString();
  ASSERT_EQ(all->size(), 1u);
  EXPECT_EQ((*all)[0].signature, "old1");
  EXPECT_EQ((*all)[0].status, SignatureStatus::kConfirmed);
  EXPECT_EQ((*all)[0].note, "");
  EXPECT_EQ((*all)[0].maxRetainedBytes, 4096u);
  // The occurrence kept its chain through the migration.
  auto chains = raw()->query("SELECT ch.text FROM occurrences o JOIN chains ch ON ch.chain_hash = o.chain_hash");
  ASSERT_TRUE(chains.ok());
  ASSERT_EQ(chains->size(), 1u);
  EXPECT_EQ(sqlText((*chains)[0][0]), "the v1 chain");
  // And it takes version 2's data.
  ASSERT_TRUE(*store->addCapture(capture("v2hash", 3000, "1.0", {leak("old1", 10)})));
  ASSERT_TRUE(store->setStatus("old1", SignatureStatus::kFixed, "fixed in 1.0?").ok());
  EXPECT_EQ((*store->signatures())[0].captures, 2u);
  EXPECT_EQ((*store->signatures())[0].note, "fixed in 1.0?");
}

// Version 2 knew no mappings: its captures become "analysed without one", and can be re-keyed.
TEST_P(TriageStoreTest, MigratesAVersion2StoreToKnowMappings) {
  {
    auto old = openTriageStoreAtVersion(m_location, 2);
    ASSERT_TRUE(old.ok()) << old.status().toString();
    EXPECT_EQ(*(*old)->schemaVersion(), 2);
    for (const char* sql :
         {"INSERT INTO captures (hash, path, size_bytes, captured_at_ms, analysed_at_ms, kind, app_package, "
          "app_version, device, error) VALUES ('v2hash', '/old/a.hprof', 42, 1000, 2000, 'hprof', 'com.example', "
          "'1.2', 'Pixel', '')",
          "INSERT INTO signatures (signature, kind, class_name, chain_text, chain_hash, thumbnail_png, status) "
          "VALUES ('minified', 'leak', 'a.b', '', '', '', 'new')",
          "INSERT INTO occurrences (capture_id, signature, count, retained_bytes, object_id, chain_hash) "
          "SELECT id, 'minified', 1, 64, '0x1', '' FROM captures WHERE hash = 'v2hash'"}) {
      auto done = raw()->query(sql);
      ASSERT_TRUE(done.ok()) << done.status().toString();
    }
  }
  auto store = open();
  ASSERT_TRUE(store);
  EXPECT_EQ(*store->schemaVersion(), 3);
  const auto before = store->captureByHash("v2hash")->value();
  EXPECT_EQ(before.info.mapping, "");
  EXPECT_EQ(before.info.versionCode, "");
  EXPECT_EQ(before.info.appVersion, "1.2");
  auto mapped = capture("v2hash", 1000, "1.2", {leak("original", 64)});
  mapped.info.path = "/old/a.hprof";
  mapped.info.versionCode = "12";
  mapped.info.mapping = "00000000000000ab";
  ASSERT_TRUE(*store->replaceCapture(mapped, ""));
  const auto all = store->signatures();
  ASSERT_EQ(all->size(), 1u);
  EXPECT_EQ((*all)[0].signature, "original");
  EXPECT_EQ(store->captureByHash("v2hash")->value().info.mapping, "00000000000000ab");
  EXPECT_EQ(store->captureByHash("v2hash")->value().info.versionCode, "12");
}

// A capture analysed without its mapping, then with it: its findings are replaced, the
// signatures only it had disappear, and the ones other captures share keep status and note.
TEST_P(TriageStoreTest, ReKeyingReplacesACapturesFindings) {
  auto store = open();
  ASSERT_TRUE(store);
  auto unmapped = capture("h12", 1000, "1.2", {leak("minA", 100), leak("shared", 10)});
  unmapped.info.versionCode = "12";
  ASSERT_TRUE(*store->addCapture(unmapped));
  auto other = capture("h13", 2000, "1.3", {leak("origA", 300), leak("shared", 20)});
  other.info.versionCode = "13";
  other.info.mapping = "1313131313131313";
  ASSERT_TRUE(*store->addCapture(other));
  ASSERT_TRUE(store->setStatus("shared", SignatureStatus::kConfirmed, "known").ok());
  ASSERT_TRUE(store->setStatus("minA", SignatureStatus::kIgnored, "").ok());
  ASSERT_EQ(store->signatures()->size(), 3u);

  auto mapped = capture("h12", 1000, "1.2", {leak("origA", 100), leak("shared", 10)});
  mapped.info.versionCode = "12";
  mapped.info.mapping = "1212121212121212";
  ASSERT_TRUE(*store->replaceCapture(mapped, ""));
  auto all = store->signatures();
  ASSERT_TRUE(all.ok()) << all.status().toString();
  ASSERT_EQ(all->size(), 2u);
  EXPECT_EQ((*all)[0].signature, "origA");  // 2 × 300
  EXPECT_EQ((*all)[0].captures, 2u);
  EXPECT_EQ((*all)[0].totalRetainedBytes, 400u);
  EXPECT_EQ((*all)[1].signature, "shared");
  EXPECT_EQ((*all)[1].captures, 2u);
  EXPECT_EQ((*all)[1].status, SignatureStatus::kConfirmed);
  EXPECT_EQ((*all)[1].note, "known");
  EXPECT_EQ(store->captures()->size(), 2u);
  const auto h12 = store->captureByHash("h12")->value();
  EXPECT_EQ(h12.info.mapping, "1212121212121212");
  EXPECT_EQ(store->occurrences("origA")->size(), 2u);
  EXPECT_TRUE(store->occurrences("minA")->empty());
  auto rows = raw()->query("SELECT COUNT(*) FROM signatures WHERE signature = 'minA'");
  ASSERT_TRUE(rows.ok());
  EXPECT_EQ(sqlInt((*rows)[0][0]), 0);

  // Another run re-keying from the state it saw: the capture moved on, nothing is written.
  auto stale = mapped;
  stale.findings = {leak("stale", 1)};
  EXPECT_FALSE(*store->replaceCapture(stale, ""));
  EXPECT_EQ(store->signatures()->size(), 2u);

  // A new mapping for the same build (the team re-uploaded it): re-keyed again.
  auto remapped = capture("h12", 1000, "1.2", {leak("origA", 90)});
  remapped.info.versionCode = "12";
  remapped.info.mapping = "abababababababab";
  ASSERT_TRUE(*store->replaceCapture(remapped, "1212121212121212"));
  all = store->signatures();
  ASSERT_EQ(all->size(), 2u);
  EXPECT_EQ(store->occurrences("shared")->size(), 1u);  // h13's only
  EXPECT_EQ(store->captureByHash("h12")->value().info.mapping, "abababababababab");
}

TEST_P(TriageStoreTest, RefusesAStoreFromANewerMxi) {
  ASSERT_TRUE(open());
  ASSERT_TRUE(raw()->query("UPDATE triage_schema SET version = 99").ok());
  auto store = openTriageStore(m_location);
  ASSERT_FALSE(store.ok());
  EXPECT_NE(store.status().message().find("schema version 99"), std::string::npos) << store.status().message();
}

// Two writers at once, each with its own connection (as two `mxi triage` runs): half the
// captures both try to store. Each capture lands once, and every occurrence is counted.
TEST_P(TriageStoreTest, TwoWritersAtOnceLoseNothing) {
  ASSERT_TRUE(open());  // created before the race
  constexpr int kShared = 20, kOwn = 20;
  std::atomic<int> storedByAny{0};
  auto writer = [&](int who) {
    auto store = openTriageStore(m_location);
    ASSERT_TRUE(store.ok()) << store.status().toString();
    for (int i = 0; i < kShared + kOwn; ++i) {
      const std::string hash =
          i < kShared ? "shared" + std::to_string(i) : "own" + std::to_string(who) + "-" + std::to_string(i);
      std::vector<Finding> findings = {leak("common", 100 + i), leak("s" + std::to_string(i % 5), 10)};
      auto stored = (*store)->addCapture(capture(hash, i, "1", findings));
      ASSERT_TRUE(stored.ok()) << stored.status().toString();
      storedByAny += *stored;
    }
  };
  std::thread a(writer, 1), b(writer, 2);
  a.join();
  b.join();
  EXPECT_EQ(storedByAny.load(), kShared + 2 * kOwn);
  auto store = open();
  EXPECT_EQ(store->captures()->size(), static_cast<size_t>(kShared + 2 * kOwn));
  const auto all = store->signatures();
  ASSERT_TRUE(all.ok());
  for (const auto& s : *all) {
    if (s.signature == "common") {
      EXPECT_EQ(s.captures, static_cast<uint64_t>(kShared + 2 * kOwn));
      EXPECT_EQ(s.maxRetainedBytes, 100u + kShared + kOwn - 1);
    } else {
      EXPECT_EQ(s.captures, static_cast<uint64_t>(kShared + 2 * kOwn) / 5) << s.signature;
    }
  }
}

// Eight first runs at once on a store none of them has seen (a new SQLite file: each converts it
// to WAL; a new PostgreSQL database: each would create the tables), twenty times: every open
// succeeds, and the capture they all store lands once.
TEST_P(TriageStoreTest, EightFirstOpensAtOnceAllSucceed) {
  constexpr int kOpeners = 8, kRounds = 20;
  for (int round = 0; round < kRounds; ++round) {
    SCOPED_TRACE("round " + std::to_string(round));
    std::string location = m_location + "_" + std::to_string(round);
    if (GetParam() == "postgres") {
      location = ThrowawayPostgres::instance().freshDatabase(location.substr(location.rfind('/') + 1));
      ASSERT_FALSE(location.empty());
    } else {
      for (const char* suffix : {"", "-wal", "-shm"}) std::filesystem::remove(location + suffix);
    }
    std::atomic<int> stored{0};
    const auto failures = atOnce(kOpeners, [&]() -> Status {
      ASSIGN_OR_RETURN(auto store, openTriageStore(location));
      ASSIGN_OR_RETURN(const bool added, store->addCapture(capture("same", 1, "1", {leak("a", 10)})));
      stored += added;
      return okStatus();
    });
    EXPECT_EQ(failures, std::vector<std::string>(kOpeners));
    EXPECT_EQ(stored.load(), 1);
    auto store = openTriageStore(location);
    ASSERT_TRUE(store.ok()) << store.status().toString();
    EXPECT_EQ(*(*store)->schemaVersion(), TriageStore::kSchemaVersion);
    EXPECT_EQ((*store)->captures()->size(), 1u);
    if (HasFailure()) return;
  }
}

// Eight runs opening a version-1 store at once: one migrates it, the others wait and find it
// migrated (its chain moved once), and all of them go on to use it.
TEST_P(TriageStoreTest, EightOpensAtOnceMigrateAVersion1StoreOnce) {
  writeVersion1Store();
  if (HasFatalFailure()) return;
  EXPECT_EQ(atOnce(8, [&] { return openTriageStore(m_location).status(); }), std::vector<std::string>(8));
  auto store = open();
  ASSERT_TRUE(store);
  EXPECT_EQ(*store->schemaVersion(), TriageStore::kSchemaVersion);
  auto chains = raw()->query("SELECT COUNT(*), MIN(text) FROM chains");
  ASSERT_TRUE(chains.ok()) << chains.status().toString();
  EXPECT_EQ(sqlInt((*chains)[0][0]), 1);
  EXPECT_EQ(sqlText((*chains)[0][1]), "the v1 chain");
  EXPECT_EQ((*store->signatures())[0].captures, 1u);
}

// Every SQL error names its statement, on both engines (each in its own words).
TEST_P(TriageStoreTest, AnSqlErrorNamesItsStatement) {
  auto db = raw();
  const bool sqlite = GetParam() == "sqlite";
  const auto missing = db->query("SELECT version FROM triage_schema");
  ASSERT_FALSE(missing.ok());
  EXPECT_EQ(missing.status().message(),
            sqlite ? "SQLite could not prepare \"SELECT version FROM triage_schema\": no such table: triage_schema"
                   : "PostgreSQL could not run \"SELECT version FROM triage_schema\": relation \"triage_schema\" "
                     "does not exist (SQLSTATE 42P01)");
  ASSERT_TRUE(db->query("CREATE TABLE t (k TEXT PRIMARY KEY)").ok());
  ASSERT_TRUE(db->query("INSERT INTO t (k) VALUES (?)", {std::string("x")}).ok());
  const auto twice = db->query("INSERT INTO t (k)\n  VALUES (?)", {std::string("x")});
  ASSERT_FALSE(twice.ok());
  const std::string head = "could not run \"INSERT INTO t (k) VALUES (?)\": ";
  EXPECT_EQ(twice.status().message(),
            sqlite
                ? "SQLite " + head + "UNIQUE constraint failed: t.k"
                : "PostgreSQL " + head + "duplicate key value violates unique constraint \"t_pkey\" (SQLSTATE 23505)");
}

// A writer that waited its whole busy timeout for another says which statement gave up.
TEST(TriageSqliteTest, ABusyTimeoutNamesTheStatement) {
  const auto dir = test::scratchDir("triage-store-busy");
  const std::string file = (dir / "busy.sqlite").string();
  for (const char* suffix : {"", "-wal", "-shm"}) std::filesystem::remove(file + suffix);
  auto holder = openSqlite(file);
  ASSERT_TRUE(holder.ok()) << holder.status().toString();
  ASSERT_TRUE((*holder)->beginWrite().ok());
  auto waiter = openSqlite(file, 50);
  ASSERT_TRUE(waiter.ok()) << waiter.status().toString();
  const Status busy = (*waiter)->beginWrite();
  EXPECT_EQ(busy.message(), "SQLite could not run \"BEGIN IMMEDIATE\": database is locked (sqlite busy)");
  EXPECT_TRUE((*waiter)->isTransient(busy));
  ASSERT_TRUE((*holder)->commit().ok());
  EXPECT_TRUE((*waiter)->beginWrite().ok());
}

// Eight connections opening one new file at the same moment, each converting it to WAL: SQLite
// refuses all but one without waiting (a read lock's upgrade), so this is where runs on a new
// store used to fail with "database is locked" after a few milliseconds.
TEST(TriageSqliteTest, EightConnectionsOpeningANewFileAtOnceAllSucceed) {
  constexpr int kConnections = 8, kRounds = 200;
  const auto dir = test::scratchDir("triage-store-new-file");
  for (int round = 0; round < kRounds; ++round) {
    SCOPED_TRACE("round " + std::to_string(round));
    const std::string file = (dir / ("new-" + std::to_string(round) + ".sqlite")).string();
    for (const char* suffix : {"", "-wal", "-shm"}) std::filesystem::remove(file + suffix);
    const auto failures = atOnce(kConnections, [&] { return openSqlite(file).status(); });
    ASSERT_EQ(failures, std::vector<std::string>(kConnections));
  }
}

// The head of a statement: white space folded, cut after whole words past 48 characters.
TEST(TriageSqlTextTest, StatementHeadIsTheFirstWords) {
  EXPECT_EQ(statementHead("  BEGIN\n IMMEDIATE "), "BEGIN IMMEDIATE");
  EXPECT_EQ(statementHead("INSERT INTO captures (hash, path, size_bytes, captured_at_ms, analysed_at_ms) VALUES (?)"),
            "INSERT INTO captures (hash, path, size_bytes, captured_at_ms, …");
  EXPECT_EQ(statementHead(" \n"), "(empty statement)");
}

INSTANTIATE_TEST_SUITE_P(Engines, TriageStoreTest, ::testing::Values("sqlite", "postgres"),
                         [](const ::testing::TestParamInfo<std::string>& p) { return p.param; });

}  // namespace
}  // namespace mxi::core::triage
