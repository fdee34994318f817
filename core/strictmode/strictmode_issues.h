// StrictMode violations as the issues IOCanary would have reported: DiskRead/DiskWrite on the main
// thread → a Matrix `io` issue of type 1 (main-thread IO) when IOCanary's rule counts it, a
// CloseGuard leak → an `io` issue of type 4 (closeable leak), every other violation (network,
// untagged socket, content URI, …) → an issue of its own tagged "StrictMode". Each issue's key is
// its signature: one per problem, so repeats of it collapse (docs/TRACE.md).
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/matrix/matrix_issue.h"
#include "core/strictmode/strictmode_text.h"

namespace mxi::core::strictmode {

inline constexpr std::string_view kStrictModeTag = "StrictMode";     // issues of the other violations
inline constexpr std::string_view kStrictModeSource = "strictMode";  // the content's "source"

// IOCanary's main-thread rule (matrix-io-canary cpp/detector/main_thread_detector.cc with
// cpp/core/io_canary_env.h): an IO counts when one read/write took more than
// kPossibleNegativeThreshold (13 ms, "80% of the well-known 16ms") or the IO in a row more than
// the main-thread threshold (kDefaultMainThreadTriggerThreshold, 500 ms). StrictMode gives one
// duration per violation, judged against both.
struct MainThreadIoRule {
  int64_t onceMs = 13;
  int64_t continualMs = 500;
};

struct IssueOptions {
  MainThreadIoRule rule;
  std::string process;  // when the report names none (a logcat line names only a pid)
};

// The frames of a StrictMode stack before the code that did the IO: StrictMode's and BlockGuard's
// own, libcore's, java.io/java.nio's, ActivityThread$AndroidOs (Android 10+'s Os wrapper), and for
// a leak CloseGuard's and the resource's own constructors. The first frame kept is the caller.
size_t ioFramesToTrim(const std::vector<std::string>& stack, std::string_view resource = {});

// The signature of the problem a violation shows: a leak's resource and acquisition frame, a
// main-thread IO's type and calling frame, another violation's type and first frame of its own.
std::string violationSignature(const StrictModeViolation& v);

// The issue a violation becomes; nullopt for main-thread IO that IOCanary's rule would not report
// (too short). A duration StrictMode did not give counts: StrictMode flagged the IO, and its cost
// is unknown (cost 0).
std::optional<matrix::MatrixIssue> violationToIssue(const StrictModeViolation& v, const IssueOptions& options = {});

// Matrix issues and StrictMode violations of one text (a whole logcat, a DropBox dump, Matrix's
// JSON), in the order of their lines: what `mxi parse issues` and session imports read.
matrix::IssueParseResult parseIssuesWithStrictMode(std::string_view text, const IssueOptions& options = {});

}  // namespace mxi::core::strictmode
