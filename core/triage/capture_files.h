// Which files under the paths given are captures, what kind each is (by its bytes, not its
// name), and each one's content hash — the key that lets a re-run skip what a store holds.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/base/cancel_token.h"
#include "core/base/status.h"

namespace mxi::core::triage {

enum class CaptureType : uint8_t {
  kHeapDump,      // .hprof, gzip, zip (Matrix upload zip)
  kSession,       // .mxs
  kFramestats,    // raw captures QA attaches: `dumpsys gfxinfo … framestats`,
  kMatrixIssues,  // Matrix issues (JSON or logcat),
  kAnrTrace,      // ANR traces
};
const char* captureTypeName(CaptureType type);  // "hprof", "session", "framestats", "issues", "anr"

struct CaptureFile {
  std::string path;
  CaptureType type = CaptureType::kHeapDump;
  uint64_t sizeBytes = 0;
  int64_t modifiedMs = 0;  // Unix ms
};

// Files and folders (recursive, symlinks not followed, sorted by path). A named file is always a
// capture (a heap dump unless its bytes say otherwise: a damaged one gets its error later); a
// file found in a folder is one only when its bytes look like a capture. A path that does not
// exist is an error.
StatusOr<std::vector<CaptureFile>> findCaptures(const std::vector<std::string>& paths);

// The kind of capture these first bytes are, if any (`named`: the user named the file).
std::optional<CaptureType> classifyCapture(std::string_view head, bool named);

// XXH3-128 of a text, hex: the key of stored chain texts and of regression signatures.
std::string hashText(std::string_view text);
// XXH3-128 of the whole file, hex (read in 1 MiB blocks; cancellable).
StatusOr<std::string> hashFile(const std::string& path, const CancelToken& cancel);

}  // namespace mxi::core::triage
