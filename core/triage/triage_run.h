// `mxi triage`'s work, for the CLI and the desktop app alike: hash every capture, skip those the
// store holds, analyse the rest — several heap dumps at once within a memory budget — and store
// each as it finishes, so a cancelled or crashed run keeps what it did.
#pragma once

#include <functional>
#include <set>
#include <string>
#include <vector>

#include "core/base/cancel_token.h"
#include "core/sessioncompare/session_compare.h"
#include "core/triage/capture_analysis.h"
#include "core/triage/capture_files.h"
#include "core/triage/capture_mapping.h"
#include "core/triage/triage_store.h"

namespace mxi::core::triage {

struct TriageOptions {
  HeapTriageOptions heap;
  sessioncompare::CompareThresholds compare;
  unsigned workers = 0;            // captures analysed at once at most; 0: the machine's cores
  uint64_t memoryBudgetBytes = 0;  // 0: 60% of MemAvailable
  std::string tempDir;             // inflated dumps, imported raw captures
  // Each capture's R8/ProGuard mapping (`mxi triage --mappings DIR`); null: sidecars only.
  std::shared_ptr<MappingCatalog> mappings;
};

enum class CaptureOutcome : uint8_t { kAnalysed, kSkipped, kFailed };
const char* outcomeName(CaptureOutcome outcome);  // "analysed", "skipped", "failed"

struct CaptureReport {
  std::string path, hash;
  CaptureOutcome outcome = CaptureOutcome::kSkipped;
  std::string error;  // failed: what and where
  // The mapping its stored findings were read with (fingerprint, "" when none) and, with none,
  // why (no file for its package and versionCode, versionCode unknown, the file broken, …).
  std::string mapping, mappingPath, noMapping;
  // Stored before without this mapping (or with another), analysed again with it: its findings
  // replaced the old ones.
  bool rekeyed = false;
};

struct TriageRunReport {
  std::vector<CaptureReport> captures;                        // in the order of the files given
  size_t analysed = 0, skipped = 0, failed = 0, rekeyed = 0;  // rekeyed ones count as analysed too
  // A mapping was looked for: `--mappings` given, or a capture had a sidecar.
  bool mappingsUsed = false;
  // The captures of this run that were not failures and have no mapping, in the files' order.
  std::vector<const CaptureReport*> withoutMapping() const;
  std::set<std::string> signaturesBefore;  // what the store knew when the run began
  double seconds = 0;
};

struct TriageProgress {
  size_t done = 0, total = 0;              // captures finished (any outcome) of all found
  uint64_t bytesDone = 0, bytesTotal = 0;  // of the captures to analyse
  unsigned running = 0;
  double elapsedSeconds = 0, etaSeconds = -1;  // -1: not known yet
};

// Memory a heap dump's analysis needs at most, estimated from its file (plain: its size; gzip:
// its inflated size from the trailer; zip: five times its size), for the scheduler.
uint64_t estimatedAnalysisBytes(const CaptureFile& file);
// 60% of the kernel's MemAvailable (1 GiB when /proc/meminfo cannot be read).
uint64_t defaultMemoryBudget();

// "1:05": elapsed times and ETAs on the progress line and in the Triage window.
std::string clockText(double seconds);

// Fails only when the store fails or the run is cancelled; a capture that cannot be analysed is
// stored with its error and the run goes on.
StatusOr<TriageRunReport> runTriage(const std::vector<CaptureFile>& files, TriageStore& store,
                                    const TriageOptions& options,
                                    const std::function<void(const TriageProgress&)>& onProgress,
                                    const CancelToken& cancel);

}  // namespace mxi::core::triage
