// The database file the checkers read: opened read-only (never written, not even its WAL), its
// schema as Matrix's LintEnv collects it (PRAGMA table_info / index_list / index_info for each
// `type='table'` row of sqlite_master), and EXPLAIN QUERY PLAN run by the SQLite linked here.
#pragma once

#include <string>
#include <vector>

#include "core/base/status.h"
#include "core/sqlitelint/query_plan.h"

struct sqlite3;

namespace mxi::core::sqlitelint {

struct ColumnInfo {
  std::string name;
  std::string type;         // as declared ("TEXT", "INTEGER", "" for none)
  bool primaryKey = false;  // part of the PRIMARY KEY
};

struct IndexInfo {
  std::string name;  // sqlite_autoindex_<table>_N for UNIQUE / PRIMARY KEY constraints
  int seq = 0;       // PRAGMA index_list's order
  bool unique = false;
  std::vector<int> columnIds;  // the table's column numbers, in index order (-1: rowid, -2: expression)
  std::vector<std::string> columnNames;
};

struct TableInfo {
  std::string name;
  std::string createSql;
  std::vector<ColumnInfo> columns;
  std::vector<IndexInfo> indexes;
};

// The tables Matrix's LintEnv leaves out (ReserveSqlManager::IsReservedTable): sqlite_master,
// sqlite_sequence and android_metadata. Everything else in sqlite_master, room_master_table,
// sqlite_stat1 and FTS shadow tables included, is checked as Matrix checks it.
bool isReservedTable(const std::string& name);

class LintDatabase {
 public:
  // Opens `path` read-only: `immutable=1` when no `-wal` lies beside it (nothing can change it
  // under us, and no lock or -shm is needed), `mode=ro` otherwise so the WAL's pages are seen.
  // A missing file, a lone `-wal`, and a file that is not a database (corrupt, or encrypted by
  // SQLCipher/WCDB) are clear errors.
  static StatusOr<LintDatabase> open(const std::string& path);

  LintDatabase(LintDatabase&& other) noexcept;
  LintDatabase& operator=(LintDatabase&& other) noexcept;
  LintDatabase(const LintDatabase&) = delete;
  LintDatabase& operator=(const LintDatabase&) = delete;
  ~LintDatabase();

  const std::string& path() const { return m_path; }
  StatusOr<std::vector<TableInfo>> readSchema() const;
  // The plan rows of the first statement in `sql`; its error text when SQLite cannot prepare it.
  StatusOr<std::vector<PlanRow>> explainQueryPlan(const std::string& sql) const;

 private:
  LintDatabase(sqlite3* db, std::string path) : m_db(db), m_path(std::move(path)) {}
  sqlite3* m_db = nullptr;
  std::string m_path;
};

// sqlite3_libversion() of the SQLite the plans come from.
std::string sqliteVersion();

}  // namespace mxi::core::sqlitelint
