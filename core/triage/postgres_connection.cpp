// SqlConnection on a PostgreSQL server through libpq, for a team's shared triage store.
// Parameters go as text (the server casts them to the columns' types); rows come back as text
// and the store reads integers with sqlInt.
#include <libpq-fe.h>

#include "core/triage/sql_connection.h"

namespace mxi::core::triage {
namespace {

// SQLSTATEs another writer causes: serialization failure, deadlock, lock not available.
bool transientState(std::string_view state) { return state == "40001" || state == "40P01" || state == "55P03"; }

class PostgresConnection final : public SqlConnection {
 public:
  explicit PostgresConnection(PGconn* conn) : m_conn(conn) {}
  ~PostgresConnection() override { PQfinish(m_conn); }

  SqlDialect dialect() const override { return SqlDialect::kPostgres; }

  StatusOr<std::vector<SqlRow>> query(std::string_view sql, const std::vector<SqlValue>& params) override {
    const std::string text = numberedParameters(sql);
    std::vector<std::string> values(params.size());
    std::vector<const char*> pointers(params.size(), nullptr);
    for (size_t i = 0; i < params.size(); ++i) {
      if (std::holds_alternative<std::monostate>(params[i])) continue;
      values[i] = sqlText(params[i]);
      pointers[i] = values[i].c_str();
    }
    std::unique_ptr<PGresult, void (*)(PGresult*)> result(
        PQexecParams(m_conn, text.c_str(), static_cast<int>(params.size()), nullptr, pointers.data(), nullptr, nullptr,
                     0),
        PQclear);
    const ExecStatusType status = result ? PQresultStatus(result.get()) : PGRES_FATAL_ERROR;
    if (status != PGRES_COMMAND_OK && status != PGRES_TUPLES_OK) {
      const char* state = result ? PQresultErrorField(result.get(), PG_DIAG_SQLSTATE) : nullptr;
      // The server's one-line message; the whole report (with its LINE 1: … caret) only when
      // there is none, as when the connection is gone.
      const char* primary = result ? PQresultErrorField(result.get(), PG_DIAG_MESSAGE_PRIMARY) : nullptr;
      std::string message = "PostgreSQL could not run \"" + statementHead(sql) + "\": ";
      message += primary ? primary : result ? PQresultErrorMessage(result.get()) : PQerrorMessage(m_conn);
      while (!message.empty() && (message.back() == '\n' || message.back() == ' ')) message.pop_back();
      if (state) message += std::string(" (SQLSTATE ") + state + ")";
      return ioError(message);
    }
    std::vector<SqlRow> rows(static_cast<size_t>(PQntuples(result.get())));
    const int columns = PQnfields(result.get());
    for (size_t r = 0; r < rows.size(); ++r) {
      rows[r].resize(static_cast<size_t>(columns));
      for (int c = 0; c < columns; ++c) {
        if (PQgetisnull(result.get(), static_cast<int>(r), c)) continue;
        rows[r][static_cast<size_t>(c)] =
            std::string(PQgetvalue(result.get(), static_cast<int>(r), c),
                        static_cast<size_t>(PQgetlength(result.get(), static_cast<int>(r), c)));
      }
    }
    return rows;
  }

  Status beginWrite() override { return simple("BEGIN"); }
  Status commit() override { return simple("COMMIT"); }
  void rollback() override { (void)simple("ROLLBACK"); }
  bool isTransient(const Status& failure) const override {
    const auto& m = failure.message();
    const size_t at = m.rfind("(SQLSTATE ");
    return at != std::string::npos && transientState(std::string_view(m).substr(at + 10, 5));
  }

 private:
  Status simple(const char* sql) {
    auto result = query(sql, {});
    return result.ok() ? okStatus() : result.status();
  }
  PGconn* m_conn;
};

}  // namespace

StatusOr<std::unique_ptr<SqlConnection>> openPostgres(const std::string& uri) {
  PGconn* conn = PQconnectdb(uri.c_str());
  if (!conn || PQstatus(conn) != CONNECTION_OK) {
    std::string message = conn ? PQerrorMessage(conn) : "out of memory";
    while (!message.empty() && (message.back() == '\n' || message.back() == ' ')) message.pop_back();
    PQfinish(conn);
    return ioError("cannot connect to the triage store: " + message);
  }
  auto connection = std::make_unique<PostgresConnection>(conn);
  // Notices (e.g. "relation already exists, skipping") are not for the user.
  PQsetNoticeProcessor(
      conn, [](void*, const char*) {}, nullptr);
  return std::unique_ptr<SqlConnection>(std::move(connection));
}

}  // namespace mxi::core::triage
