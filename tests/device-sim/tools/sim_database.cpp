#include "sim_database.h"

#include <fcntl.h>
#include <sqlite3.h>
#include <sys/file.h>
#include <unistd.h>

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <set>

namespace mxi::sim {

namespace fs = std::filesystem;

namespace {

// The app's statements. Each planted problem is run once; the ordinary ones keep the rings moving.
// Planted (README "The demo app's database"):
constexpr const char* kSelectAll = "SELECT * FROM albums WHERE owner = ?";
constexpr const char* kSlowOnMain =
    "SELECT id, path, taken_at FROM photos WHERE album_id = ? ORDER BY taken_at DESC LIMIT 50";
constexpr const char* kScan = "SELECT id, body FROM comments WHERE author = ?";
constexpr const char* kAutomaticIndexJoin = "SELECT p.path, t.label FROM photos p JOIN tags t ON t.photo_path = p.path";
constexpr int kBurstInserts = 4;
constexpr int64_t kBurstGapMs = 15;  // under Matrix's 100 ms: one burst for PreparedStatementBetter
// Ordinary, clean: reads every 20 ticks (alternating), a write every 50.
constexpr const char* kAlbumsOfOwner = "SELECT id, title FROM albums WHERE owner = ? ORDER BY title";
constexpr const char* kCommentsOfPhoto =
    "SELECT id, author, body, created_at FROM comments WHERE photo_id = ? ORDER BY created_at";
constexpr const char* kTouchAlbum = "UPDATE albums SET updated_at = ? WHERE id = ?";

// When each starts, in ticks of logMs.
constexpr int64_t kSelectAllAt = 5, kSlowAt = 12, kBurstAt = 25, kScanAt = 40, kJoinAt = 55;
constexpr int64_t kReadsFrom = 3, kReadsEvery = 20, kWritesFrom = 30, kWritesEvery = 50;
constexpr int kBinderTid = 4249;  // dumpsys meminfo's call arrives on a binder thread

// The burst's k-th INSERT, its values written into the SQL (as execSQL with string concatenation does).
std::string burstInsert(int k) {
  return "INSERT INTO events (kind, at, detail) VALUES ('thumbnail_cached', " + std::to_string(2500 + k) + ", 'photo " +
         std::to_string(11 + k) + "')";
}

const char* const kSchema[] = {
    // What SQLiteOpenHelper and the framework leave in every app database.
    "PRAGMA journal_mode=WAL",
    "PRAGMA user_version=1",
    "CREATE TABLE android_metadata (locale TEXT)",
    "INSERT INTO android_metadata VALUES ('en_US')",
    // RedundantIndex: albums_by_owner is a prefix of albums_by_owner_title.
    "CREATE TABLE albums (id INTEGER PRIMARY KEY, owner TEXT NOT NULL, title TEXT NOT NULL, updated_at INTEGER NOT "
    "NULL)",
    "CREATE INDEX albums_by_owner ON albums (owner)",
    "CREATE INDEX albums_by_owner_title ON albums (owner, title)",
    // AvoidAutoIncrement.
    "CREATE TABLE photos (id INTEGER PRIMARY KEY AUTOINCREMENT, album_id INTEGER NOT NULL, path TEXT NOT NULL, "
    "taken_at INTEGER NOT NULL)",
    "CREATE INDEX photos_by_album ON photos (album_id, taken_at)",
    // WithoutRowIdBetter: a composite key and no TEXT or BLOB column.
    "CREATE TABLE album_members (album_id INTEGER NOT NULL, user_id INTEGER NOT NULL, role INTEGER NOT NULL, "
    "PRIMARY KEY (album_id, user_id))",
    // No index on author: the scan.
    "CREATE TABLE comments (id INTEGER PRIMARY KEY, photo_id INTEGER NOT NULL, author TEXT NOT NULL, body TEXT NOT "
    "NULL, created_at INTEGER NOT NULL)",
    "CREATE INDEX comments_by_photo ON comments (photo_id, created_at)",
    // No index on photo_path: the join builds an automatic one.
    "CREATE TABLE tags (id INTEGER PRIMARY KEY, photo_path TEXT NOT NULL, label TEXT NOT NULL)",
    // The burst's target.
    "CREATE TABLE events (id INTEGER PRIMARY KEY, kind TEXT NOT NULL, at INTEGER NOT NULL, detail TEXT)",
};

const char* const kOwners[] = {"ana", "ben", "chloe"};
const char* const kAuthors[] = {"ana", "ben", "chloe", "dev", "eli"};
const char* const kLabels[] = {"beach", "family", "food", "night", "city", "snow"};

struct Sink {
  std::vector<DemoDbOperation>& ops;
  void run(int64_t at, int connection, const char* kind, int64_t tookMs, const std::string& sql, int tid) {
    ops.push_back({at, connection, "prepare", 0, sql, tid, false});
    ops.push_back({at, connection, kind, tookMs, sql, tid, false});
  }
};

bool exec(sqlite3* db, const std::string& sql) {
  char* error = nullptr;
  if (sqlite3_exec(db, sql.c_str(), nullptr, nullptr, &error) == SQLITE_OK) return true;
  std::fprintf(stderr, "mxi-android-tool: demo database: %s: %s\n", sql.c_str(), error ? error : "?");
  sqlite3_free(error);
  return false;
}

// Runs `sql` to its end with every parameter bound to 3 (the plans do not depend on the values).
bool runStatement(sqlite3* db, const std::string& sql) {
  sqlite3_stmt* statement = nullptr;
  if (sqlite3_prepare_v2(db, sql.c_str(), -1, &statement, nullptr) != SQLITE_OK) {
    std::fprintf(stderr, "mxi-android-tool: demo database: %s: %s\n", sql.c_str(), sqlite3_errmsg(db));
    return false;
  }
  for (int i = 1; i <= sqlite3_bind_parameter_count(statement); ++i) sqlite3_bind_int(statement, i, 3);
  int rc = SQLITE_ROW;
  while (rc == SQLITE_ROW) rc = sqlite3_step(statement);
  sqlite3_finalize(statement);
  return rc == SQLITE_DONE;
}

bool fillDatabase(sqlite3* db, const SimConfig& config) {
  // A file nobody sees until it is renamed into place needs no fsync (which would cost 100s of ms).
  if (!exec(db, "PRAGMA synchronous=OFF")) return false;
  for (const char* sql : kSchema) {
    if (!exec(db, sql)) return false;
  }
  std::string rows = "BEGIN;";
  for (int a = 1; a <= 12; ++a) {
    rows += "INSERT INTO albums VALUES (" + std::to_string(a) + ", '" + kOwners[a % 3] + "', 'Album " +
            std::to_string(a) + "', " + std::to_string(1767225600 + a) + ");";
    for (int u = 1; u <= 3; ++u) {
      rows += "INSERT INTO album_members VALUES (" + std::to_string(a) + ", " + std::to_string(u) + ", " +
              std::to_string(u == 1 ? 0 : 1) + ");";
    }
  }
  for (int p = 1; p <= 240; ++p) {
    const std::string path = "'photos/img_" + std::to_string(1000 + p) + ".jpg'";
    rows += "INSERT INTO photos (album_id, path, taken_at) VALUES (" + std::to_string(p % 12 + 1) + ", " + path + ", " +
            std::to_string(1767225600 + p * 3600) + ");";
    for (int c = 0; c < 2; ++c) {
      rows += "INSERT INTO comments (photo_id, author, body, created_at) VALUES (" + std::to_string(p) + ", '" +
              kAuthors[(p + c) % 5] + "', 'Comment " + std::to_string(c) + " on photo " + std::to_string(p) + "', " +
              std::to_string(1767229200 + p * 3600 + c * 60) + ");";
    }
    if (p % 4 != 0) rows += "INSERT INTO tags (photo_path, label) VALUES (" + path + ", '" + kLabels[p % 6] + "');";
  }
  if (!exec(db, rows + "COMMIT;")) return false;
  // Every statement the timeline runs, once (its first round of the ordinary ones included).
  std::set<std::string> done;
  for (const DemoDbOperation& op : demoDatabaseOperations(config, 4242, (kJoinAt + kWritesEvery) * config.logMs, {})) {
    if (op.kind != "prepare" && done.insert(op.sql).second && !runStatement(db, op.sql)) return false;
  }
  return true;
}

}  // namespace

std::vector<DemoDbOperation> demoDatabaseOperations(const SimConfig& config, int pid, int64_t elapsedMs,
                                                    const std::vector<int64_t>& statsAtMs) {
  std::vector<DemoDbOperation> ops;
  Sink sink{ops};
  const int64_t tick = std::max<int64_t>(1, config.logMs);
  sink.run(kSelectAllAt * tick, 1, "executeForCursorWindow", 3, kSelectAll, kDemoDatabaseWorkerTid);
  sink.run(kSlowAt * tick, 1, "executeForCursorWindow", 180, kSlowOnMain, pid);
  for (int k = 0; k < kBurstInserts; ++k) {
    sink.run(kBurstAt * tick + k * kBurstGapMs, 0, "executeForChangedRowCount", 3, burstInsert(k),
             kDemoDatabaseWorkerTid);
  }
  sink.run(kScanAt * tick, 1, "executeForCursorWindow", 14, kScan, kDemoDatabaseWorkerTid);
  sink.run(kJoinAt * tick, 1, "executeForCursorWindow", 9, kAutomaticIndexJoin, kDemoDatabaseWorkerTid);
  for (int64_t k = 0; (kReadsFrom + k * kReadsEvery) * tick <= elapsedMs; ++k) {
    const bool albums = k % 2 == 0;
    sink.run((kReadsFrom + k * kReadsEvery) * tick, 1, "executeForCursorWindow", albums ? 1 : 2,
             albums ? kAlbumsOfOwner : kCommentsOfPhoto, kDemoDatabaseWorkerTid);
  }
  for (int64_t k = 0; (kWritesFrom + k * kWritesEvery) * tick <= elapsedMs; ++k) {
    sink.run((kWritesFrom + k * kWritesEvery) * tick, 0, "executeForChangedRowCount", 4, kTouchAlbum,
             kDemoDatabaseWorkerTid);
  }
  // SQLiteConnection.collectDbStats on each open connection, the primary first (docs/SQLITE.md).
  for (const int64_t at : statsAtMs) {
    for (int connection = 0; connection < 2; ++connection) {
      if (connection == 1 && at < kReadsFrom * tick) continue;  // the reader opens with the first read
      ops.push_back({at, connection, "executeForLong", 0, "PRAGMA page_count;", kBinderTid, true});
      ops.push_back({at, connection, "executeForLong", 0, "PRAGMA page_size;", kBinderTid, true});
      ops.push_back({at, connection, "executeForCursorWindow", 0, "PRAGMA database_list;", kBinderTid, true});
    }
  }
  std::stable_sort(ops.begin(), ops.end(), [](const auto& a, const auto& b) { return a.atMs < b.atMs; });
  std::erase_if(ops, [&](const DemoDbOperation& op) { return op.atMs > elapsedMs; });
  return ops;
}

std::string demoDatabaseFile(const SimConfig& config) {
  return (fs::path(config.root) / "data/data/com.example.mxi.demo/databases/demo.db").string();
}

void ensureDemoDatabase(const SimConfig& config) {
  if (!timelineBegun(config) || !demoOwnsDatabase(config)) return;
  const std::string made = config.stateDir + "/demo-db";
  if (fs::exists(made)) return;
  // One tool makes it; another one arriving meanwhile waits for it.
  const int lock = open((config.stateDir + "/demo-db.lock").c_str(), O_WRONLY | O_CREAT | O_CLOEXEC, 0644);
  if (lock < 0 || flock(lock, LOCK_EX) != 0) {
    if (lock >= 0) close(lock);
    return;
  }
  if (!fs::exists(made)) {
    const fs::path file = demoDatabaseFile(config);
    const fs::path building = file.string() + ".building-" + std::to_string(getpid());
    std::error_code ec;
    fs::create_directories(file.parent_path(), ec);
    fs::remove(building, ec);
    sqlite3* db = nullptr;
    bool ok = sqlite3_open(building.c_str(), &db) == SQLITE_OK && fillDatabase(db, config);
    ok = sqlite3_close(db) == SQLITE_OK && ok;  // the last connection checkpoints and removes its -wal
    if (ok) fs::rename(building, file, ec);
    if (ok && !ec) {
      std::FILE* f = std::fopen(made.c_str(), "w");
      if (f) std::fclose(f);
    } else {
      std::fprintf(stderr, "mxi-android-tool: the demo database %s could not be made\n", file.c_str());
      fs::remove(building, ec);
    }
  }
  flock(lock, LOCK_UN);
  close(lock);
}

void addDemoSqliteLog(const SimConfig& config, int pid, std::vector<SimLogLine>& log) {
  // sqliteLogCallback (frameworks/base/core/jni/android_database_SQLiteGlobal.cpp) logs SQLite's
  // warnings at ERROR under "SQLiteLog" as "(%d) %s"; 284 is SQLITE_WARNING_AUTOINDEX.
  log.push_back({kJoinAt * std::max<int64_t>(1, config.logMs), pid, kDemoDatabaseWorkerTid, 'E', "SQLiteLog",
                 "(284) automatic index on tags(photo_path)", LogBuffer::kMain});
}

}  // namespace mxi::sim
