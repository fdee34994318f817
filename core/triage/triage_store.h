// The triage store: every capture analysed once (keyed by its content hash), the problems
// found in it as occurrences of signatures, and per signature a status and note that stick
// across runs. One interface, one schema, on an SQLite file or a PostgreSQL server.
// docs/TRIAGE.md has the schema and its versions.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/base/status.h"

namespace mxi::core::triage {

// kStrictMode: a problem StrictMode reported (a leaked closeable, main-thread IO, …), counted in
// every session or logcat that shows it. kSqliteLint: a SQLiteLint issue of a session (its Matrix
// id: a slow statement's shape, a missing index, …), counted likewise.
enum class SignatureKind : uint8_t { kLeak, kLibraryLeak, kBitmap, kRegression, kStrictMode, kSqliteLint };
// "leak", "libraryLeak", "bitmap", "regression", "strictMode", "sqliteLint"
std::string_view kindName(SignatureKind kind);
std::optional<SignatureKind> parseKind(std::string_view name);

enum class SignatureStatus : uint8_t { kNew, kConfirmed, kIgnored, kFixed };
std::string_view statusName(SignatureStatus status);  // "new", "confirmed", "ignored", "fixed"
std::optional<SignatureStatus> parseStatus(std::string_view name);

// What a capture is and where it came from.
struct CaptureInfo {
  std::string path;  // as given when it was analysed
  std::string hash;  // XXH3-128 of the file's bytes, hex: the capture's identity
  uint64_t sizeBytes = 0;
  int64_t capturedAtMs = 0;  // dump header time, session start, else the file's mtime (Unix ms)
  std::string kind;          // "hprof", "session", "captures"
  std::string appPackage, appVersion, device;
  std::string versionCode;  // the app's versionCode ("" when nothing said it): picks its mapping
  // The R8/ProGuard mapping its names were read with: R8Mapping::fingerprint() as 16 hex digits,
  // "" when analysed without one (docs/TRIAGE.md, "Mappings").
  std::string mapping;
  std::string error;  // why it could not be analysed (then it has no findings)
};

// One signature's occurrence in one capture.
struct Finding {
  std::string signature;
  SignatureKind kind = SignatureKind::kLeak;
  std::string className;       // leaking class; bitmap: "WxH config"; regression: scene or method
  uint64_t count = 0;          // leaking objects, bitmap copies, issues
  uint64_t retainedBytes = 0;  // leak: retained; bitmap: wasted; regression: 0
  std::string chainText;       // the leak trace, the bitmap's holder chain, the regression's line
  std::string objectId;        // one leaking object or bitmap (0x…), to open the dump there
  std::string thumbnailPng;    // bitmaps: a small PNG of the pixels when the dump has them
};

struct CaptureResult {
  CaptureInfo info;
  std::vector<Finding> findings;
};

struct StoredCapture {
  int64_t id = 0;
  CaptureInfo info;
  int64_t analysedAtMs = 0;
};

struct SignatureSummary {
  std::string signature;
  SignatureKind kind = SignatureKind::kLeak;
  std::string className, chainText, thumbnailPng;
  SignatureStatus status = SignatureStatus::kNew;
  std::string note;
  uint64_t captures = 0;  // affected
  uint64_t maxRetainedBytes = 0, totalRetainedBytes = 0;
  int64_t firstSeenMs = 0, lastSeenMs = 0;  // capture times
  // Impact, the order of every listing: captures affected × retained bytes (× 1 when none).
  double impact() const;
};

// One capture a signature was seen in.
struct Occurrence {
  StoredCapture capture;
  uint64_t count = 0, retainedBytes = 0;
  std::string objectId;
};

// Per app version: how many of its captures show the signature, and the most it retained.
struct VersionTrend {
  std::string appVersion;
  uint64_t captures = 0, affected = 0, maxRetainedBytes = 0;
};

class TriageStore {
 public:
  static constexpr int kSchemaVersion = 3;

  virtual ~TriageStore() = default;
  virtual const std::string& location() const = 0;  // the file or the server URI (no password)
  virtual StatusOr<int> schemaVersion() = 0;

  virtual StatusOr<std::optional<StoredCapture>> captureByHash(const std::string& hash) = 0;
  // Stores a capture and its findings in one transaction. False when a capture with this hash is
  // already stored (another run got there first): nothing is written then.
  virtual StatusOr<bool> addCapture(const CaptureResult& result) = 0;
  // Re-keying: the capture with `result.info.hash`, stored with mapping `storedMapping`, analysed
  // again (with the mapping now known). Its row is updated, its occurrences replaced, and the
  // signatures left without any occurrence deleted — all in one transaction. False, and nothing
  // written, when the stored capture no longer has `storedMapping` (another run re-keyed it).
  virtual StatusOr<bool> replaceCapture(const CaptureResult& result, const std::string& storedMapping) = 0;
  virtual StatusOr<std::vector<StoredCapture>> captures() = 0;

  // Every signature with its aggregates, by impact.
  virtual StatusOr<std::vector<SignatureSummary>> signatures() = 0;
  virtual StatusOr<std::vector<Occurrence>> occurrences(const std::string& signature) = 0;
  virtual StatusOr<std::vector<VersionTrend>> trend(const std::string& signature) = 0;
  // Unknown signature: kNotFound. A prefix of one signature is enough (like a git hash).
  virtual Status setStatus(const std::string& signature, SignatureStatus status, const std::string& note) = 0;
};

// FILE, or postgresql://… / postgres://…; created and migrated to kSchemaVersion when needed.
StatusOr<std::unique_ptr<TriageStore>> openTriageStore(const std::string& location);
// Opens without migrating past `version` (tests of the migration build an old store this way).
StatusOr<std::unique_ptr<TriageStore>> openTriageStoreAtVersion(const std::string& location, int version);
bool isPostgresLocation(std::string_view location);
// ~/.local/share/MatrixInspector/triage.sqlite ($XDG_DATA_HOME honoured).
std::string defaultStorePath();

}  // namespace mxi::core::triage
