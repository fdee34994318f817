// TriageStore on SqlConnection: the schema, its migrations and every query, once for both engines.
#include "core/triage/triage_store.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <map>
#include <thread>

#include "core/triage/base64.h"
#include "core/triage/capture_files.h"
#include "core/triage/sql_connection.h"

namespace mxi::core::triage {
namespace {

constexpr std::string_view kKinds[] = {"leak", "libraryLeak", "bitmap", "regression", "strictMode", "sqliteLint"};
constexpr std::string_view kStatuses[] = {"new", "confirmed", "ignored", "fixed"};

int64_t nowMs() {
  return std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::system_clock::now().time_since_epoch())
      .count();
}

// Schema versions, each a list of statements run in one transaction. `{id}` is the dialect's
// auto-numbered key. Version 1 had no notes, no devices and one chain per signature; version 2
// keeps each occurrence's chain (deduplicated by hash, so a store stays small); signatures point
// at an example chain there instead of holding its text; version 3 adds each capture's versionCode
// and mapping fingerprint.
struct Migration {
  int version;
  std::vector<std::string_view> statements;
};
const std::vector<Migration>& migrations() {
  static const std::vector<Migration> list = {
      {1,
       {"CREATE TABLE captures (id {id}, hash TEXT NOT NULL UNIQUE, path TEXT NOT NULL, size_bytes BIGINT NOT NULL, "
        "captured_at_ms BIGINT NOT NULL, analysed_at_ms BIGINT NOT NULL, kind TEXT NOT NULL, "
        "app_package TEXT NOT NULL, app_version TEXT NOT NULL, error TEXT NOT NULL)",
        "CREATE TABLE signatures (signature TEXT PRIMARY KEY, kind TEXT NOT NULL, class_name TEXT NOT NULL, "
        "chain_text TEXT NOT NULL, thumbnail_png TEXT NOT NULL, status TEXT NOT NULL DEFAULT 'new')",
        "CREATE TABLE occurrences (capture_id BIGINT NOT NULL REFERENCES captures(id), "
        "signature TEXT NOT NULL REFERENCES signatures(signature), count BIGINT NOT NULL, "
        "retained_bytes BIGINT NOT NULL, object_id TEXT NOT NULL, PRIMARY KEY (capture_id, signature))",
        "CREATE INDEX occurrences_by_signature ON occurrences(signature)"}},
      {2,
       {"ALTER TABLE captures ADD COLUMN device TEXT NOT NULL DEFAULT ''",
        "ALTER TABLE signatures ADD COLUMN note TEXT NOT NULL DEFAULT ''",
        "CREATE TABLE chains (chain_hash TEXT PRIMARY KEY, text TEXT NOT NULL)",
        "ALTER TABLE occurrences ADD COLUMN chain_hash TEXT NOT NULL DEFAULT ''",
        // Version 1 kept one chain per signature: it becomes every occurrence's chain, and the
        // signature's example chain moves to the chains table too.
        "INSERT INTO chains (chain_hash, text) SELECT 'v1:' || signature, chain_text FROM signatures",
        "UPDATE occurrences SET chain_hash = 'v1:' || signature",
        "ALTER TABLE signatures ADD COLUMN chain_hash TEXT NOT NULL DEFAULT ''",
        "UPDATE signatures SET chain_hash = 'v1:' || signature, chain_text = ''"}},
      // Version 3 knows which mapping each capture's names were read with, and the versionCode
      // that picks it: a capture analysed without its mapping is re-keyed once it is known.
      {3,
       {"ALTER TABLE captures ADD COLUMN version_code TEXT NOT NULL DEFAULT ''",
        "ALTER TABLE captures ADD COLUMN mapping TEXT NOT NULL DEFAULT ''"}},
  };
  return list;
}

std::string withDialect(std::string_view sql, SqlDialect dialect) {
  std::string out(sql);
  const std::string id = dialect == SqlDialect::kSqlite ? "INTEGER PRIMARY KEY AUTOINCREMENT" : "BIGSERIAL PRIMARY KEY";
  if (const size_t at = out.find("{id}"); at != std::string::npos) out.replace(at, 4, id);
  return out;
}

// "postgresql://user:secret@host/db" → "postgresql://user@host/db": locations are printed.
std::string withoutPassword(const std::string& uri) {
  const size_t scheme = uri.find("://");
  const size_t at = uri.find('@', scheme == std::string::npos ? 0 : scheme + 3);
  if (scheme == std::string::npos || at == std::string::npos) return uri;
  const size_t colon = uri.find(':', scheme + 3);
  if (colon == std::string::npos || colon > at) return uri;
  return uri.substr(0, colon) + uri.substr(at);
}

class SqlTriageStore final : public TriageStore {
 public:
  SqlTriageStore(std::unique_ptr<SqlConnection> db, std::string location)
      : m_db(std::move(db)), m_location(std::move(location)) {}

  const std::string& location() const override { return m_location; }

  Status migrate(int target) {
    return inWriteTransaction([&]() -> Status {
      if (m_db->dialect() == SqlDialect::kPostgres) {
        // Two first runs on an empty server must not both create the tables.
        ASSIGN_OR_RETURN(auto locked, m_db->query("SELECT pg_advisory_xact_lock(7315002)"));
      }
      ASSIGN_OR_RETURN(auto created,
                       m_db->query("CREATE TABLE IF NOT EXISTS triage_schema (version INTEGER NOT NULL)"));
      ASSIGN_OR_RETURN(auto rows, m_db->query("SELECT version FROM triage_schema"));
      int version = rows.empty() ? 0 : static_cast<int>(sqlInt(rows[0][0]));
      if (rows.empty()) RETURN_IF_ERROR(run("INSERT INTO triage_schema (version) VALUES (0)"));
      if (version > kSchemaVersion) {
        return invalidInput("the triage store " + m_location + " has schema version " + std::to_string(version) +
                            "; this mxi knows versions up to " + std::to_string(kSchemaVersion) + " (update mxi)");
      }
      for (const Migration& m : migrations()) {
        if (m.version <= version || m.version > target) continue;
        for (std::string_view statement : m.statements) {
          RETURN_IF_ERROR(run(withDialect(statement, m_db->dialect()))
                              .withContext("migrating the triage store to version " + std::to_string(m.version)));
        }
        RETURN_IF_ERROR(run("UPDATE triage_schema SET version = ?", {int64_t{m.version}}));
        version = m.version;
      }
      return okStatus();
    });
  }

  StatusOr<int> schemaVersion() override {
    ASSIGN_OR_RETURN(auto rows, m_db->query("SELECT version FROM triage_schema"));
    return rows.empty() ? 0 : static_cast<int>(sqlInt(rows[0][0]));
  }

  StatusOr<std::optional<StoredCapture>> captureByHash(const std::string& hash) override {
    ASSIGN_OR_RETURN(auto rows,
                     m_db->query(std::string(kCaptureColumns) + " FROM captures c WHERE c.hash = ?", {hash}));
    if (rows.empty()) return std::optional<StoredCapture>();
    return std::optional<StoredCapture>(captureOf(rows[0], 0));
  }

  StatusOr<std::vector<StoredCapture>> captures() override {
    ASSIGN_OR_RETURN(auto rows,
                     m_db->query(std::string(kCaptureColumns) + " FROM captures c ORDER BY c.captured_at_ms, c.id"));
    std::vector<StoredCapture> out;
    for (const auto& row : rows) out.push_back(captureOf(row, 0));
    return out;
  }

  StatusOr<bool> addCapture(const CaptureResult& result) override {
    const Findings findings(result.findings);
    bool stored = false;
    // The capture, then chains, then signatures, then occurrences, each in key order: two writers
    // lock rows in the same order, so PostgreSQL never has to break a deadlock between them.
    RETURN_IF_ERROR(inWriteTransaction([&]() -> Status {
      const CaptureInfo& c = result.info;
      ASSIGN_OR_RETURN(
          auto inserted,
          m_db->query("INSERT INTO captures (hash, path, size_bytes, captured_at_ms, analysed_at_ms, kind, "
                      "app_package, app_version, device, version_code, mapping, error) "
                      "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (hash) DO NOTHING RETURNING id",
                      {c.hash, c.path, static_cast<int64_t>(c.sizeBytes), c.capturedAtMs, nowMs(), c.kind, c.appPackage,
                       c.appVersion, c.device, c.versionCode, c.mapping, c.error}));
      stored = !inserted.empty();
      if (!stored) return okStatus();
      return writeFindings(sqlInt(inserted[0][0]), findings);
    }));
    return stored;
  }

  StatusOr<bool> replaceCapture(const CaptureResult& result, const std::string& storedMapping) override {
    const Findings findings(result.findings);
    bool replaced = false;
    RETURN_IF_ERROR(inWriteTransaction([&]() -> Status {
      const CaptureInfo& c = result.info;
      // Only the row as this run saw it: a second run re-keying it at the same time changes nothing.
      ASSIGN_OR_RETURN(
          auto updated,
          m_db->query("UPDATE captures SET path = ?, size_bytes = ?, captured_at_ms = ?, analysed_at_ms = ?, kind = ?, "
                      "app_package = ?, app_version = ?, device = ?, version_code = ?, mapping = ?, error = ? "
                      "WHERE hash = ? AND mapping = ? AND error = '' RETURNING id",
                      {c.path, static_cast<int64_t>(c.sizeBytes), c.capturedAtMs, nowMs(), c.kind, c.appPackage,
                       c.appVersion, c.device, c.versionCode, c.mapping, c.error, c.hash, storedMapping}));
      replaced = !updated.empty();
      if (!replaced) return okStatus();
      const int64_t id = sqlInt(updated[0][0]);
      ASSIGN_OR_RETURN(auto before, m_db->query("SELECT signature FROM occurrences WHERE capture_id = ? "
                                                "ORDER BY signature",
                                                {id}));
      RETURN_IF_ERROR(run("DELETE FROM occurrences WHERE capture_id = ?", {id}));
      RETURN_IF_ERROR(writeFindings(id, findings));
      // The signatures only this capture had (its names before the mapping) are gone: one
      // problem stays one row. A signature other captures still show keeps its status and note.
      for (const auto& row : before) {
        const std::string signature = sqlText(row[0]);
        if (findings.bySignature.contains(signature)) continue;
        if (m_db->dialect() == SqlDialect::kPostgres) {
          // Wait for a writer adding an occurrence of it: the next statement then sees that one.
          ASSIGN_OR_RETURN(auto locked,
                           m_db->query("SELECT signature FROM signatures WHERE signature = ? FOR UPDATE", {signature}));
        }
        RETURN_IF_ERROR(
            run("DELETE FROM signatures WHERE signature = ? AND NOT EXISTS "
                "(SELECT 1 FROM occurrences o WHERE o.signature = ?)",
                {signature, signature}));
      }
      return okStatus();
    }));
    return replaced;
  }

  StatusOr<std::vector<SignatureSummary>> signatures() override {
    ASSIGN_OR_RETURN(
        auto rows,
        m_db->query("SELECT s.signature, s.kind, s.class_name, ch.text, s.thumbnail_png, s.status, s.note, "
                    "COUNT(*), MAX(o.retained_bytes), SUM(o.retained_bytes), MIN(c.captured_at_ms), "
                    "MAX(c.captured_at_ms) FROM signatures s JOIN occurrences o ON o.signature = s.signature "
                    "JOIN captures c ON c.id = o.capture_id LEFT JOIN chains ch ON ch.chain_hash = s.chain_hash "
                    "GROUP BY s.signature, s.kind, s.class_name, ch.text, s.thumbnail_png, s.status, s.note"));
    std::vector<SignatureSummary> out;
    for (const auto& row : rows) {
      SignatureSummary s;
      s.signature = sqlText(row[0]);
      s.kind = parseKind(sqlText(row[1])).value_or(SignatureKind::kLeak);
      s.className = sqlText(row[2]);
      s.chainText = sqlText(row[3]);
      s.thumbnailPng = fromBase64(sqlText(row[4]));
      s.status = parseStatus(sqlText(row[5])).value_or(SignatureStatus::kNew);
      s.note = sqlText(row[6]);
      s.captures = static_cast<uint64_t>(sqlInt(row[7]));
      s.maxRetainedBytes = static_cast<uint64_t>(sqlInt(row[8]));
      s.totalRetainedBytes = static_cast<uint64_t>(sqlInt(row[9]));
      s.firstSeenMs = sqlInt(row[10]);
      s.lastSeenMs = sqlInt(row[11]);
      out.push_back(std::move(s));
    }
    std::stable_sort(out.begin(), out.end(), [](const SignatureSummary& a, const SignatureSummary& b) {
      if (a.impact() != b.impact()) return a.impact() > b.impact();
      return a.signature < b.signature;
    });
    return out;
  }

  StatusOr<std::vector<Occurrence>> occurrences(const std::string& signature) override {
    ASSIGN_OR_RETURN(auto rows, m_db->query(std::string(kCaptureColumns) +
                                                ", o.count, o.retained_bytes, o.object_id FROM occurrences o "
                                                "JOIN captures c ON c.id = o.capture_id WHERE o.signature = ? "
                                                "ORDER BY c.captured_at_ms, c.id",
                                            {signature}));
    std::vector<Occurrence> out;
    for (const auto& row : rows) {
      Occurrence o;
      o.capture = captureOf(row, 0);
      o.count = static_cast<uint64_t>(sqlInt(row[kCaptureColumnCount]));
      o.retainedBytes = static_cast<uint64_t>(sqlInt(row[kCaptureColumnCount + 1]));
      o.objectId = sqlText(row[kCaptureColumnCount + 2]);
      out.push_back(std::move(o));
    }
    return out;
  }

  StatusOr<std::vector<VersionTrend>> trend(const std::string& signature) override {
    // Over the captures of the apps the signature was seen in, analysed without error.
    ASSIGN_OR_RETURN(
        auto rows,
        m_db->query("SELECT c.app_version, COUNT(*), COUNT(o.signature), COALESCE(MAX(o.retained_bytes), 0) "
                    "FROM captures c LEFT JOIN occurrences o ON o.capture_id = c.id AND o.signature = ? "
                    "WHERE c.error = '' AND c.app_package IN (SELECT c2.app_package FROM occurrences o2 "
                    "JOIN captures c2 ON c2.id = o2.capture_id WHERE o2.signature = ?) GROUP BY c.app_version",
                    {signature, signature}));
    std::vector<VersionTrend> out;
    for (const auto& row : rows) {
      out.push_back({sqlText(row[0]), static_cast<uint64_t>(sqlInt(row[1])), static_cast<uint64_t>(sqlInt(row[2])),
                     static_cast<uint64_t>(sqlInt(row[3]))});
    }
    std::sort(out.begin(), out.end(),
              [](const VersionTrend& a, const VersionTrend& b) { return versionLess(a.appVersion, b.appVersion); });
    return out;
  }

  Status setStatus(const std::string& signature, SignatureStatus status, const std::string& note) override {
    std::string pattern;
    for (const char c : signature) {
      if (c == '%' || c == '_' || c == '\\') return invalidInput("not a signature: '" + signature + "'");
      pattern += c;
    }
    if (pattern.empty()) return invalidInput("no signature given");
    ASSIGN_OR_RETURN(auto rows,
                     m_db->query("SELECT signature FROM signatures WHERE signature LIKE ? LIMIT 2", {pattern + "%"}));
    if (rows.empty()) return notFound("no signature " + signature + " in " + m_location);
    if (rows.size() > 1) return invalidInput("signature prefix " + signature + " is ambiguous; give more of it");
    return inWriteTransaction([&]() -> Status {
      return run("UPDATE signatures SET status = ?, note = ? WHERE signature = ?",
                 {std::string(statusName(status)), note, sqlText(rows[0][0])});
    });
  }

  // "1.10.0" after "1.9.2": numbers compare as numbers, the rest as text.
  static bool versionLess(const std::string& a, const std::string& b) {
    size_t i = 0, j = 0;
    while (i < a.size() && j < b.size()) {
      if (std::isdigit(static_cast<unsigned char>(a[i])) && std::isdigit(static_cast<unsigned char>(b[j]))) {
        size_t ei = i, ej = j;
        while (ei < a.size() && std::isdigit(static_cast<unsigned char>(a[ei]))) ++ei;
        while (ej < b.size() && std::isdigit(static_cast<unsigned char>(b[ej]))) ++ej;
        const auto na = std::strtoull(a.substr(i, ei - i).c_str(), nullptr, 10);
        const auto nb = std::strtoull(b.substr(j, ej - j).c_str(), nullptr, 10);
        if (na != nb) return na < nb;
        i = ei;
        j = ej;
      } else {
        if (a[i] != b[j]) return a[i] < b[j];
        ++i;
        ++j;
      }
    }
    return a.size() - i < b.size() - j;
  }

 private:
  static constexpr std::string_view kCaptureColumns =
      "SELECT c.id, c.hash, c.path, c.size_bytes, c.captured_at_ms, c.analysed_at_ms, c.kind, c.app_package, "
      "c.app_version, c.device, c.error, c.version_code, c.mapping";
  static constexpr size_t kCaptureColumnCount = 13;

  // A capture's findings as they are written: one per signature (a leak and a library leak never
  // share one, but be sure), each distinct chain text once, by its hash.
  struct Findings {
    explicit Findings(const std::vector<Finding>& findings) {
      for (const Finding& f : findings) {
        auto [it, fresh] = bySignature.try_emplace(f.signature, f);
        if (!fresh) {
          it->second.count += f.count;
          it->second.retainedBytes = std::max(it->second.retainedBytes, f.retainedBytes);
        }
      }
      for (const auto& [signature, f] : bySignature) {
        chainOf[signature] = hashText(f.chainText);
        chains.try_emplace(chainOf[signature], &f.chainText);
      }
    }
    std::map<std::string, Finding> bySignature;
    std::map<std::string, const std::string*> chains;  // chain hash → text
    std::map<std::string, std::string> chainOf;        // signature → its chain's hash
  };

  // Chains, signatures, then the capture's occurrences, each in key order.
  Status writeFindings(int64_t captureId, const Findings& findings) {
    for (const auto& [chain, text] : findings.chains) {
      RETURN_IF_ERROR(run("INSERT INTO chains (chain_hash, text) VALUES (?, ?) ON CONFLICT (chain_hash) DO NOTHING",
                          {chain, *text}));
    }
    for (const auto& [signature, f] : findings.bySignature) {
      RETURN_IF_ERROR(
          run("INSERT INTO signatures (signature, kind, class_name, chain_text, chain_hash, thumbnail_png) "
              "VALUES (?, ?, ?, '', ?, ?) ON CONFLICT (signature) DO UPDATE SET thumbnail_png = excluded.thumbnail_png "
              "WHERE signatures.thumbnail_png = '' AND excluded.thumbnail_png <> ''",
              {signature, std::string(kindName(f.kind)), f.className, findings.chainOf.at(signature),
               toBase64(f.thumbnailPng)}));
    }
    for (const auto& [signature, f] : findings.bySignature) {
      RETURN_IF_ERROR(
          run("INSERT INTO occurrences (capture_id, signature, count, retained_bytes, object_id, chain_hash) "
              "VALUES (?, ?, ?, ?, ?, ?)",
              {captureId, signature, static_cast<int64_t>(f.count), static_cast<int64_t>(f.retainedBytes), f.objectId,
               findings.chainOf.at(signature)}));
    }
    return okStatus();
  }

  static StoredCapture captureOf(const SqlRow& row, size_t at) {
    StoredCapture s;
    s.id = sqlInt(row[at]);
    s.info.hash = sqlText(row[at + 1]);
    s.info.path = sqlText(row[at + 2]);
    s.info.sizeBytes = static_cast<uint64_t>(sqlInt(row[at + 3]));
    s.info.capturedAtMs = sqlInt(row[at + 4]);
    s.analysedAtMs = sqlInt(row[at + 5]);
    s.info.kind = sqlText(row[at + 6]);
    s.info.appPackage = sqlText(row[at + 7]);
    s.info.appVersion = sqlText(row[at + 8]);
    s.info.device = sqlText(row[at + 9]);
    s.info.error = sqlText(row[at + 10]);
    s.info.versionCode = sqlText(row[at + 11]);
    s.info.mapping = sqlText(row[at + 12]);
    return s;
  }

  Status run(const std::string& sql, const std::vector<SqlValue>& params = {}) {
    auto result = m_db->query(sql, params);
    return result.ok() ? okStatus() : result.status();
  }

  // Runs `body` in a write transaction, again when another writer made it fail (a deadlock
  // PostgreSQL broke, a lock SQLite's busy timeout gave up on).
  template <typename Body>
  Status inWriteTransaction(Body&& body) {
    for (int attempt = 0;; ++attempt) {
      Status status = m_db->beginWrite();
      if (status.ok()) {
        status = body();
        if (status.ok()) status = m_db->commit();
        if (status.ok()) return status;
        m_db->rollback();
      }
      if (!m_db->isTransient(status) || attempt >= 20) return status;
      std::this_thread::sleep_for(std::chrono::milliseconds(20 * (attempt + 1)));
    }
  }

  std::unique_ptr<SqlConnection> m_db;
  std::string m_location;
};

}  // namespace

std::string_view kindName(SignatureKind kind) { return kKinds[static_cast<size_t>(kind)]; }
std::optional<SignatureKind> parseKind(std::string_view name) {
  for (size_t i = 0; i < std::size(kKinds); ++i) {
    if (kKinds[i] == name) return static_cast<SignatureKind>(i);
  }
  return std::nullopt;
}
std::string_view statusName(SignatureStatus status) { return kStatuses[static_cast<size_t>(status)]; }
std::optional<SignatureStatus> parseStatus(std::string_view name) {
  for (size_t i = 0; i < std::size(kStatuses); ++i) {
    if (kStatuses[i] == name) return static_cast<SignatureStatus>(i);
  }
  return std::nullopt;
}

double SignatureSummary::impact() const {
  return static_cast<double>(captures) * static_cast<double>(std::max<uint64_t>(maxRetainedBytes, 1));
}

bool isPostgresLocation(std::string_view location) {
  return location.starts_with("postgresql://") || location.starts_with("postgres://");
}

std::string defaultStorePath() {
  std::filesystem::path dir;
  if (const char* xdg = std::getenv("XDG_DATA_HOME"); xdg && *xdg) {
    dir = xdg;
  } else if (const char* home = std::getenv("HOME"); home && *home) {
    dir = std::filesystem::path(home) / ".local" / "share";
  } else {
    dir = ".";
  }
  return (dir / "MatrixInspector" / "triage.sqlite").string();
}

StatusOr<std::unique_ptr<TriageStore>> openTriageStoreAtVersion(const std::string& location, int version) {
  std::unique_ptr<SqlConnection> db;
  std::string shown = location;
  if (isPostgresLocation(location)) {
    ASSIGN_OR_RETURN(db, openPostgres(location));
    shown = withoutPassword(location);
  } else {
    std::error_code ec;
    const auto parent = std::filesystem::path(location).parent_path();
    if (!parent.empty()) std::filesystem::create_directories(parent, ec);
    ASSIGN_OR_RETURN(db, openSqlite(location));
  }
  auto store = std::make_unique<SqlTriageStore>(std::move(db), shown);
  RETURN_IF_ERROR(store->migrate(version));
  return std::unique_ptr<TriageStore>(std::move(store));
}

StatusOr<std::unique_ptr<TriageStore>> openTriageStore(const std::string& location) {
  return openTriageStoreAtVersion(location, TriageStore::kSchemaVersion);
}

}  // namespace mxi::core::triage
