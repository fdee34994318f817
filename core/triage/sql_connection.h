// The little of SQL the triage store needs, behind one interface so that the same schema and
// queries run on an embedded SQLite file and on a PostgreSQL server (libpq). Statements are
// written with `?` parameters; the PostgreSQL side numbers them ($1, $2, …) itself.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include "core/base/status.h"

namespace mxi::core::triage {

using SqlValue = std::variant<std::monostate, int64_t, std::string>;  // NULL, integer, text
using SqlRow = std::vector<SqlValue>;

// A column as text or integer whichever way the server sent it (libpq sends text).
std::string sqlText(const SqlValue& value);
int64_t sqlInt(const SqlValue& value);

enum class SqlDialect : uint8_t { kSqlite, kPostgres };

class SqlConnection {
 public:
  virtual ~SqlConnection() = default;
  virtual SqlDialect dialect() const = 0;
  // One statement with `?` parameters, its rows (none for statements without a result).
  virtual StatusOr<std::vector<SqlRow>> query(std::string_view sql, const std::vector<SqlValue>& params = {}) = 0;
  // A transaction that writers take one at a time where the engine needs it (SQLite: BEGIN
  // IMMEDIATE, so two processes never both hold a read lock they then try to upgrade).
  virtual Status beginWrite() = 0;
  virtual Status commit() = 0;
  virtual void rollback() = 0;
  // Whether a failed statement is worth running again: a lock or deadlock another writer caused.
  virtual bool isTransient(const Status& failure) const = 0;
};

// FILE: an SQLite database (created when missing, WAL journal, waits up to `busyMs` for locks:
// through SQLite's busy handler, and by running again a statement outside a transaction that
// SQLite refused at once, as it does a read lock's upgrade it will not wait for).
StatusOr<std::unique_ptr<SqlConnection>> openSqlite(const std::string& path, int busyMs = 60000);
// postgresql://… or postgres://… (libpq's connection URI).
StatusOr<std::unique_ptr<SqlConnection>> openPostgres(const std::string& uri);

// `?` → `$1`, `$2`, … outside quoted text, for PostgreSQL.
std::string numberedParameters(std::string_view sql);
// The statement's first words, white space folded ("INSERT INTO captures (hash, path, …"): every
// SQL error names the statement it came from.
std::string statementHead(std::string_view sql);

}  // namespace mxi::core::triage
