#include "core/sqlitelint/lint_database.h"

#include <sqlite3.h>

#include <cstdio>
#include <filesystem>
#include <functional>

namespace mxi::core::sqlitelint {

namespace {

std::string fileUri(const std::string& path) {
  std::string uri = "file:";
  for (char c : path) {
    if (c == '?' || c == '#' || c == '%') {
      char hex[4];
      std::snprintf(hex, sizeof hex, "%%%02X", static_cast<unsigned char>(c));
      uri += hex;
    } else {
      uri += c;
    }
  }
  return uri;
}

std::string quotedName(const std::string& name) {
  std::string out = "\"";
  for (char c : name) out += c == '"' ? std::string("\"\"") : std::string(1, c);
  return out + "\"";
}

std::string columnText(sqlite3_stmt* stmt, int column) {
  const unsigned char* text = sqlite3_column_text(stmt, column);
  return text ? reinterpret_cast<const char*>(text) : std::string();
}

// Runs `sql`, calling `row` for each result row; the error names the statement.
Status query(sqlite3* db, const std::string& sql, const std::function<void(sqlite3_stmt*)>& row) {
  sqlite3_stmt* stmt = nullptr;
  if (sqlite3_prepare_v2(db, sql.c_str(), -1, &stmt, nullptr) != SQLITE_OK) {
    const std::string message = sqlite3_errmsg(db);
    sqlite3_finalize(stmt);
    return invalidInput(message);
  }
  int rc = SQLITE_ROW;
  while ((rc = sqlite3_step(stmt)) == SQLITE_ROW) row(stmt);
  const std::string message = sqlite3_errmsg(db);
  sqlite3_finalize(stmt);
  if (rc != SQLITE_DONE) return invalidInput(sql + ": " + message);
  return okStatus();
}

}  // namespace

bool isReservedTable(const std::string& name) {
  return name == "sqlite_master" || name == "sqlite_sequence" || name == "android_metadata";
}

std::string sqliteVersion() { return sqlite3_libversion(); }

StatusOr<LintDatabase> LintDatabase::open(const std::string& path) {
  namespace fs = std::filesystem;
  std::error_code ec;
  constexpr std::string_view kWal = "-wal";
  const bool namedWal = path.size() > kWal.size() && path.compare(path.size() - kWal.size(), kWal.size(), kWal) == 0;
  if (namedWal) {
    return invalidInput("this is a write-ahead log, not a database: give " + path.substr(0, path.size() - kWal.size()) +
                        " (copied together with its -wal)");
  }
  if (!fs::exists(path, ec)) {
    if (fs::exists(path + "-wal", ec)) {
      return notFound("no such file, only its write-ahead log " + path + "-wal: copy the database file too");
    }
    return notFound("no such file");
  }
  if (fs::is_directory(path, ec)) return invalidInput("is a directory, not a database file");
  const bool hasWal = fs::exists(path + "-wal", ec);
  const std::string uri = fileUri(path) + (hasWal ? "?mode=ro" : "?immutable=1");
  sqlite3* db = nullptr;
  const int rc = sqlite3_open_v2(uri.c_str(), &db, SQLITE_OPEN_READONLY | SQLITE_OPEN_URI, nullptr);
  LintDatabase opened(db, path);
  if (rc != SQLITE_OK) return ioError(std::string("cannot open: ") + (db ? sqlite3_errmsg(db) : sqlite3_errstr(rc)));
  // sqlite3_open_v2 reads nothing; the first query finds out whether this is a database at all.
  const Status probe = query(db, "SELECT count(*) FROM sqlite_master", [](sqlite3_stmt*) {});
  if (!probe.ok()) {
    const int code = sqlite3_errcode(db);
    if (code == SQLITE_NOTADB) {
      return invalidInput("file is not a database (not SQLite, or encrypted, e.g. by SQLCipher or WCDB)");
    }
    if (code == SQLITE_CORRUPT) return invalidInput("the database is corrupt: " + probe.message());
    return invalidInput("cannot read the schema: " + probe.message());
  }
  return opened;
}

LintDatabase::LintDatabase(LintDatabase&& other) noexcept : m_db(other.m_db), m_path(std::move(other.m_path)) {
  other.m_db = nullptr;
}

LintDatabase& LintDatabase::operator=(LintDatabase&& other) noexcept {
  if (this != &other) {
    sqlite3_close(m_db);
    m_db = other.m_db;
    m_path = std::move(other.m_path);
    other.m_db = nullptr;
  }
  return *this;
}

LintDatabase::~LintDatabase() { sqlite3_close(m_db); }

StatusOr<std::vector<TableInfo>> LintDatabase::readSchema() const {
  std::vector<TableInfo> tables;
  RETURN_IF_ERROR(
      query(m_db, "SELECT name, sql FROM sqlite_master WHERE type='table' ORDER BY rowid", [&](sqlite3_stmt* s) {
        TableInfo t;
        t.name = columnText(s, 0);
        t.createSql = columnText(s, 1);
        if (!isReservedTable(t.name)) tables.push_back(std::move(t));
      }));
  for (TableInfo& t : tables) {
    RETURN_IF_ERROR(query(m_db, "PRAGMA table_info(" + quotedName(t.name) + ")", [&](sqlite3_stmt* s) {
      t.columns.push_back({columnText(s, 1), columnText(s, 2), sqlite3_column_int(s, 5) != 0});
    }));
    RETURN_IF_ERROR(query(m_db, "PRAGMA index_list(" + quotedName(t.name) + ")", [&](sqlite3_stmt* s) {
      IndexInfo index;
      index.seq = sqlite3_column_int(s, 0);
      index.name = columnText(s, 1);
      index.unique = sqlite3_column_int(s, 2) != 0;
      t.indexes.push_back(std::move(index));
    }));
    for (IndexInfo& index : t.indexes) {
      RETURN_IF_ERROR(query(m_db, "PRAGMA index_info(" + quotedName(index.name) + ")", [&](sqlite3_stmt* s) {
        index.columnIds.push_back(sqlite3_column_int(s, 1));
        index.columnNames.push_back(columnText(s, 2));
      }));
    }
  }
  return tables;
}

StatusOr<std::vector<PlanRow>> LintDatabase::explainQueryPlan(const std::string& sql) const {
  std::vector<PlanRow> rows;
  RETURN_IF_ERROR(query(m_db, "EXPLAIN QUERY PLAN " + sql, [&](sqlite3_stmt* s) {
    rows.push_back({sqlite3_column_int(s, 0), sqlite3_column_int(s, 1), columnText(s, 3)});
  }));
  return rows;
}

}  // namespace mxi::core::sqlitelint
