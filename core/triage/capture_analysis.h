// One capture → the findings the triage store keeps: a heap dump's leaks, library leaks and
// duplicate bitmaps; a session's (or raw captures') regressions against an earlier session of
// the same app, as `mxi session compare` judges them.
#pragma once

#include <memory>
#include <string>

#include "core/analysis/bitmaps.h"
#include "core/analysis/leak_analysis.h"
#include "core/base/cancel_token.h"
#include "core/base/progress.h"
#include "core/hprof/heap_index.h"
#include "core/session/session_data.h"
#include "core/sessioncompare/session_compare.h"
#include "core/triage/capture_files.h"
#include "core/triage/capture_mapping.h"
#include "core/triage/triage_store.h"

namespace mxi::core::triage {

struct HeapTriageOptions {
  analysis::LeakOptions leaks;
  analysis::BitmapOptions bitmaps;
  unsigned threads = 1;          // for indexing
  uint64_t maxInflateBytes = 0;  // 0: the engine's default cap
  std::string tempDir;           // for inflated gzip/zip dumps
  // Where the dump's mapping is looked up, by the package and versionCode the dump names; null:
  // its minified names are kept.
  MappingCatalog* mappings = nullptr;
};

// The app and device a dump came from: `<app>.BuildConfig` (APPLICATION_ID, VERSION_NAME,
// VERSION_CODE), else ActivityThread's bound application (its package, and its versionCode either
// way: the framework is not minified, so a release build says it too); android.os.Build
// (MANUFACTURER, MODEL); a Matrix upload zip's result.info fills what the heap does not say.
struct AppIdentity {
  std::string package, version, versionCode, device;
};
AppIdentity readAppIdentity(const hprof::HeapIndex& index);

// A heap dump's findings. Failure (damaged, truncated, cancelled) is the returned Status; the
// caller records it as the capture's error. With a mapping found for it, the index is renamed
// before any analysis, so leak and bitmap signatures come from the original names;
// `mappingUsed` (when given) says which one, or why none.
StatusOr<CaptureResult> analyseHeapDump(const CaptureFile& file, const std::string& hash,
                                        const HeapTriageOptions& options, ProgressSink& progress,
                                        const CancelToken& cancel, CaptureMapping* mappingUsed = nullptr);

// A session, or raw captures imported into one (in `tempDir`), loaded.
StatusOr<std::shared_ptr<const session::SessionData>> loadSessionCapture(const CaptureFile& file,
                                                                         const std::string& tempDir,
                                                                         const CancelToken& cancel);
// What the store keeps of a loaded session, without findings (its versionCode from the header's
// `versionCode` extra, which `mxi session import --version-code` writes).
CaptureInfo sessionCaptureInfo(const CaptureFile& file, const std::string& hash, const session::SessionData& data);
// The regressions of `next` against `base` as findings (scenes, evil methods by stackKey, ANRs
// by the main thread's top frame, IO by type and path, startup metrics); signatures include the
// app, so two apps never share one.
std::vector<Finding> regressionFindings(const sessioncompare::SessionComparison& comparison,
                                        const session::SessionData& base, const session::SessionData& next,
                                        const std::string& app);

// The problems StrictMode reported in a session (its issues whose source is StrictMode), one
// finding per signature (the key: a leak's resource + acquisition frame, …) with its
// count; found in every session, not only against an earlier one.
std::vector<Finding> strictModeFindings(const session::SessionData& data, const std::string& app);

// The SQLiteLint issues of a session (the live slow statements and automatic indexes, the SDK's),
// one finding per Matrix id (the key) with its count; found in every session. Named by
// the table when the issue has one, else by the statement's shape (or SQL).
std::vector<Finding> sqliteLintFindings(const session::SessionData& data, const std::string& app);

// The hex id users see for an object (0x…).
std::string objectIdText(uint64_t id);

}  // namespace mxi::core::triage
