// StrictMode violation reports as Android prints them: the `StrictMode` logcat tag in every layout
// QA pastes (threadtime, Android Studio's, brief, bare), both class-name styles
// (`StrictMode$StrictModeDiskReadViolation: policy=… violation=…` before Android 9,
// `android.os.strictmode.*Violation` after), the older CloseGuard form ("A resource was acquired at
// attached stack trace but never released" followed by the acquisition stack), and DropBox's
// `data_app_strictmode` / `system_app_strictmode` entries (docs/DEVICES.md). JSON-free and
// exception-free: the agent links it (`mxi_strictmode_text`). A report that logcat or a paste cut
// keeps its stack so far and is marked truncated.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/base/parse_problem.h"
#include "core/base/text_lines.h"

namespace mxi::core::strictmode {

enum class StrictModePolicy : uint8_t { kThread, kVm };
std::string_view strictModePolicyName(StrictModePolicy policy);  // "thread", "vm"

// What a violation is to IOCanary: disk IO on the main thread, a leaked closeable (CloseGuard),
// or another StrictMode finding (network, untagged socket, content URI, …).
enum class StrictModeKind : uint8_t { kMainThreadIo, kCloseableLeak, kOther };
std::string_view strictModeKindName(StrictModeKind kind);  // "mainThreadIo", "closeableLeak", "other"

struct StrictModeViolation {
  // The violation's class, simple and in Android 9's naming: "DiskReadViolation",
  // "LeakedClosableViolation", … (the old `StrictMode$StrictModeDiskReadViolation` becomes
  // "DiskReadViolation").
  std::string type;
  std::string className;  // as printed ("android.os.StrictMode$StrictModeDiskReadViolation")
  std::string message;    // the throwable's message ("policy=65567 violation=2", "A resource was…")
  StrictModePolicy policy = StrictModePolicy::kThread;
  std::optional<int64_t> durationMs;    // "~duration=N ms" / DropBox "Duration-Millis" (absent when -1)
  std::optional<int64_t> pid, tid;      // from the logcat prefix or DropBox's "PID:"
  std::optional<bool> mainThread;       // the reporting thread is the app's main thread; unset: unknown
  std::string resource;                 // closeable leaks: the leaked object's class ("java.io.FileInputStream")
  std::vector<std::string> stack;       // frames without "at ", innermost first
  std::vector<std::string> acquiredAt;  // closeable leaks: where the resource was acquired (CloseGuard.open…)
  bool truncated = false;               // the report ends before its stack reached a thread's root
  bool fromDropBox = false;
  std::string process;  // DropBox "Process:", Android Studio's package column
  uint64_t line = 0;    // of the report's first line (1-based) and its byte offset
  uint64_t offset = 0;
};

StrictModeKind strictModeKind(const StrictModeViolation& v);

struct StrictModeParseResult {
  std::vector<StrictModeViolation> violations;
  std::vector<ParseProblem> problems;  // reports that began but could not be read
  uint64_t linesRead = 0;
};

// Chunked (house rule T4): feed() any split of a logcat stream or a `dumpsys dropbox --print`
// output; take() hands over (and forgets) the reports that are complete. A report is complete once a line that
// does not continue it arrives; finish() (end of input) or flush() (the stream went quiet) closes
// the one still open.
class StrictModeStreamParser {
 public:
  void feed(std::string_view chunk);
  std::vector<StrictModeViolation> take();
  void flush();
  StrictModeParseResult finish();

 private:
  enum class Phase : uint8_t { kNone, kLogcat, kDropBoxHeaders, kDropBoxThrowable, kStack, kDropBoxDetails };
  enum class Section : uint8_t { kMain, kAcquisition, kIgnored };
  void parseLine(std::string_view line, uint64_t offset);
  bool continueReport(std::string_view line, uint64_t lineNo);
  bool continueStack(std::string_view msg);
  void startReport(std::string_view line, uint64_t lineNo, uint64_t offset);
  void closeReport();
  void problem(uint64_t lineNo, uint64_t offset, std::string message);

  StrictModeParseResult m_result;
  text::ChunkedLines m_lines;
  // The open report.
  Phase m_phase = Phase::kNone;
  StrictModeViolation m_open;
  std::string m_tag;  // the header's logcat tag ("" when the header had no prefix)
  Section m_section = Section::kMain;
  bool m_expectThrowable = false;              // old CloseGuard form: the acquisition throwable's line is next
  bool m_sectionEnded = false;                 // "... N more" closed the section
  std::optional<bool> m_completeBeforeBinder;  // DropBox: the stack was whole before "# via Binder call"
  bool m_dropBoxKnown = false;                 // the entry has StrictMode's own headers
  std::string m_lastFrame;
  std::string m_details;  // DropBox: the text after the stack (the violation's message)
  uint64_t m_lineOffset = 0;
};

// A whole text (a logcat, a DropBox dump, a pasted report).
StrictModeParseResult parseStrictModeText(std::string_view text);

}  // namespace mxi::core::strictmode
