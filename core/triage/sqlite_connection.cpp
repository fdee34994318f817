// SqlConnection on an SQLite file. WAL lets readers go on while one writer writes; writers
// serialise on BEGIN IMMEDIATE and wait through the busy timeout, so two `mxi triage` runs on
// one store queue rather than fail.
#include <sqlite3.h>

#include <algorithm>
#include <chrono>
#include <thread>

#include "core/triage/sql_connection.h"

namespace mxi::core::triage {
namespace {

constexpr const char* kTransientMark = "(sqlite busy)";

class SqliteConnection final : public SqlConnection {
 public:
  SqliteConnection(sqlite3* db, int busyMs) : m_db(db), m_busyWait(busyMs) {}
  ~SqliteConnection() override { sqlite3_close_v2(m_db); }

  SqlDialect dialect() const override { return SqlDialect::kSqlite; }

  StatusOr<std::vector<SqlRow>> query(std::string_view sql, const std::vector<SqlValue>& params) override {
    sqlite3_stmt* stmt = nullptr;
    if (sqlite3_prepare_v2(m_db, sql.data(), static_cast<int>(sql.size()), &stmt, nullptr) != SQLITE_OK) {
      return failure("prepare", sql);
    }
    std::unique_ptr<sqlite3_stmt, int (*)(sqlite3_stmt*)> owned(stmt, sqlite3_finalize);
    for (size_t i = 0; i < params.size(); ++i) {
      const int at = static_cast<int>(i + 1);
      int rc = SQLITE_OK;
      if (const auto* n = std::get_if<int64_t>(&params[i])) {
        rc = sqlite3_bind_int64(stmt, at, *n);
      } else if (const auto* s = std::get_if<std::string>(&params[i])) {
        rc = sqlite3_bind_text(stmt, at, s->data(), static_cast<int>(s->size()), SQLITE_TRANSIENT);
      } else {
        rc = sqlite3_bind_null(stmt, at);
      }
      if (rc != SQLITE_OK) return failure("bind the parameters of", sql);
    }
    // SQLite answers some lock requests with SQLITE_BUSY at once, without its busy handler: a
    // read lock's upgrade that could deadlock (PRAGMA journal_mode=WAL on a fresh file that
    // another process converts too). Outside a transaction the statement is its own, so it
    // runs again until the busy timeout is spent; in one, the caller's transaction is retried.
    const auto deadline = std::chrono::steady_clock::now() + m_busyWait;
    for (int attempt = 0;; ++attempt) {
      std::vector<SqlRow> rows;
      int rc = SQLITE_ROW;
      while ((rc = sqlite3_step(stmt)) == SQLITE_ROW) rows.push_back(rowOf(stmt));
      if (rc == SQLITE_DONE) return rows;
      if ((rc & 0xff) != SQLITE_BUSY || !sqlite3_get_autocommit(m_db) || std::chrono::steady_clock::now() >= deadline) {
        return failure("run", sql);
      }
      sqlite3_reset(stmt);
      std::this_thread::sleep_for(std::chrono::milliseconds(std::min(50, 1 << std::min(attempt, 6))));
    }
  }

  Status beginWrite() override { return simple("BEGIN IMMEDIATE"); }
  Status commit() override { return simple("COMMIT"); }
  void rollback() override { (void)simple("ROLLBACK"); }
  bool isTransient(const Status& failure) const override {
    return failure.message().find(kTransientMark) != std::string::npos;
  }

 private:
  Status simple(const char* sql) {
    auto result = query(sql, {});
    return result.ok() ? okStatus() : result.status();
  }
  static SqlRow rowOf(sqlite3_stmt* stmt) {
    SqlRow row(static_cast<size_t>(sqlite3_column_count(stmt)));
    for (int c = 0; c < static_cast<int>(row.size()); ++c) {
      switch (sqlite3_column_type(stmt, c)) {
        case SQLITE_NULL: break;
        case SQLITE_INTEGER: row[static_cast<size_t>(c)] = static_cast<int64_t>(sqlite3_column_int64(stmt, c)); break;
        default: {
          const auto* text = reinterpret_cast<const char*>(sqlite3_column_text(stmt, c));
          row[static_cast<size_t>(c)] =
              std::string(text ? text : "", static_cast<size_t>(sqlite3_column_bytes(stmt, c)));
        }
      }
    }
    return row;
  }
  // "SQLite could not run "BEGIN IMMEDIATE": database is locked (sqlite busy)".
  Status failure(const char* what, std::string_view sql) const {
    const int code = sqlite3_extended_errcode(m_db) & 0xff;
    std::string message =
        std::string("SQLite could not ") + what + " \"" + statementHead(sql) + "\": " + sqlite3_errmsg(m_db);
    if (code == SQLITE_BUSY || code == SQLITE_LOCKED) message += std::string(" ") + kTransientMark;
    return ioError(message);
  }
  sqlite3* m_db;
  std::chrono::milliseconds m_busyWait;
};

}  // namespace

StatusOr<std::unique_ptr<SqlConnection>> openSqlite(const std::string& path, int busyMs) {
  sqlite3* db = nullptr;
  const int rc =
      sqlite3_open_v2(path.c_str(), &db, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_FULLMUTEX, nullptr);
  if (rc != SQLITE_OK) {
    std::string message = db ? sqlite3_errmsg(db) : sqlite3_errstr(rc);
    sqlite3_close_v2(db);
    return ioError("cannot open the triage store " + path + ": " + message);
  }
  sqlite3_busy_timeout(db, busyMs);
  auto connection = std::make_unique<SqliteConnection>(db, busyMs);
  // A file that is not a database fails here, on its first read.
  RETURN_IF_ERROR(connection->query("PRAGMA journal_mode=WAL", {}).status().withContext(path));
  RETURN_IF_ERROR(connection->query("PRAGMA foreign_keys=ON", {}).status().withContext(path));
  return std::unique_ptr<SqlConnection>(std::move(connection));
}

}  // namespace mxi::core::triage
