// Matrix issues (TraceCanary, IOCanary, ResourceCanary, SQLiteLint…) as reported by the SDK, in
// every input shape QA pastes: the content object alone, an upload wrapper {tag,type,content},
// one JSON per line, `Issue.toString()` logcat lines, and whole logcat dumps.
#pragma once

#include <array>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/base/parse_problem.h"
#include "core/base/text_lines.h"
#include "core/framestats/frame.h"
#include "core/matrix/call_tree.h"
#include "core/matrix/method_mapping.h"

namespace mxi::core::matrix {

enum class IssueKind : uint8_t { kEvilMethod, kFps, kStartup, kIo, kMemory, kSqliteLint, kUnknown };
std::string_view issueKindName(IssueKind kind);  // "evilMethod", "fps", "startup", "io", "memory", …

// IOCanary issue types (native detector ids, then Java ones).
enum class IoIssueType : int32_t {
  kMainThreadIo = 1,
  kSmallBuffer = 2,
  kRepeatRead = 3,
  kCloseableLeak = 4,
  kNetworkInMain = 5,
  kCursorLeak = 6
};
std::string_view ioIssueTypeName(int32_t type);  // "mainThreadIo", "smallBuffer", …, "type<N>"

struct FpsReport {                                               // Trace_FPS
  std::array<int64_t, framestats::kDropLevelCount> dropLevel{};  // frames per level
  std::array<int64_t, framestats::kDropLevelCount> dropSum{};    // dropped frames per level
  double fps = 0;
  // Matrix ≥2.0 (FrameMetrics): average stage durations in ns, keyed as Matrix names them
  // ("INPUT_HANDLING_DURATION", …), plus DROP_COUNT and REFRESH_RATE when present.
  std::vector<std::pair<std::string, double>> metrics;
};

struct StartupReport {  // Trace_StartUp
  std::optional<int64_t> applicationCreateMs, firstActivityCreateMs, betweenMs, startupDurationMs;
  std::optional<int64_t> applicationCreateScene;
  std::optional<bool> warmStart;
  // From a launch trace taken with `am start -W` (not in Matrix's own issues).
  std::optional<int64_t> amTotalTimeMs, amWaitTimeMs;
  std::string launchState;  // COLD, WARM, HOT
};

struct IoReport {                    // io
  std::string path, thread, opType;  // opType "read"/"write" (1/2) or as given ("r")
  int64_t size = 0, opCount = 0, buffer = 0, costMs = 0, opSize = 0, repeat = 0;
  // Judged from a method trace (no path there): the IO entry point and the app method calling it.
  std::string method, caller;
  std::optional<int64_t> maxOnceMs;
};

struct MemoryReport {  // memory (ResourceCanary)
  std::string activity, refKey, resultZipPath, hprofPath, leakProcess, leakDetail;
  std::optional<int64_t> costMillis;
};

struct MatrixIssue {
  std::string tag;
  int32_t type = 0;
  std::string key;  // Issue.key ("" when null)
  std::string process;
  std::optional<int64_t> timeMs;
  IssueKind kind = IssueKind::kUnknown;

  // TraceCanary common keys.
  std::string detail;  // NORMAL, ANR, STARTUP, LAG, ENTER, …
  std::optional<int64_t> costMs;
  std::string scene, usage, machine;
  std::string stack;                 // raw `depth,methodId,count,costMs` lines
  std::string stackKey;              // raw
  std::string threadStack;           // LAG/ANR Java frames, one per line
  std::optional<CallNode> callTree;  // from `stack`, decoded by decodeIssues
  // Issues judged from a method trace ("source": "methodTrace") name their stack's methods
  // themselves ("methodNames"): the app's methodMapping.txt does not apply to them.
  std::string source;
  std::shared_ptr<const MethodMapping> ownMethodNames;

  std::optional<FpsReport> fps;
  std::optional<StartupReport> startup;
  std::optional<IoReport> io;
  std::optional<MemoryReport> memory;

  std::string contentJson;  // the whole content object, compact, for anything not modelled;
                            // when truncated, the text as received (not JSON)
  // logcat cut the issue (its entries end near 4 KB, possibly inside a multi-byte character,
  // replaced by U+FFFD): the fields above are what the complete members of the text gave.
  bool truncated = false;
  uint64_t line = 0;  // where it came from (1-based line, byte offset)
  uint64_t offset = 0;
};

struct IssueParseResult {
  std::vector<MatrixIssue> issues;
  std::vector<ParseProblem> problems;  // lines that looked like issues but did not parse
  uint64_t linesRead = 0;
};

// Chunked line parser (house rule T4): feed() any split of the input, then finish().
// Lines that are not issues (other logcat output) are ignored.
class IssueStreamParser {
 public:
  void feed(std::string_view chunk);
  IssueParseResult finish();

 private:
  void parseLine(std::string_view line, uint64_t offset);
  IssueParseResult m_result;
  text::ChunkedLines m_lines;
};

// Whole text: a single (possibly pretty-printed) JSON object or array, else line by line.
IssueParseResult parseIssueText(std::string_view text);

// One content object (or wrapper) as JSON text.
StatusOr<MatrixIssue> parseIssueJson(std::string_view json);

// Builds and names evil-method call trees (mapping optional); a bad stack is reported in
// `problems` and leaves callTree empty.
void decodeIssues(IssueParseResult& result, const MethodMapping* mapping);

}  // namespace mxi::core::matrix
