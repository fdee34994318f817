// Shared helpers for `mxi` commands: output format, error reporting and exit codes.
//
// Exit codes (the contract scripts rely on): 0 success, 2 bad input (the message names the
// file and, for corrupt data, the byte offset), 1 internal error, 130 cancelled by a signal.
#pragma once

#include <functional>
#include <string>
#include <utility>
#include <vector>

#include <CLI/CLI.hpp>
#include <nlohmann/json_fwd.hpp>

#include "core/base/cancel_token.h"
#include "core/base/progress.h"
#include "core/base/status.h"
#include "core/framestats/frame.h"

namespace mxi::cli {

// kNothingRecorded: `mxi record` ran, but the app drew and reported nothing (no file is kept).
enum class ExitCode : int { kOk = 0, kInternal = 1, kNothingRecorded = 1, kBadInput = 2, kCancelled = 130 };

enum class OutputFormat { kText, kJson };

// Adds `--format text|json` to a command.
void addFormatOption(CLI::App& command, OutputFormat& format);

// Prints `--format json` output and a newline on stdout (indent -1: one line). Never throws:
// names and text read from dumps and devices may be invalid UTF-8, replaced by U+FFFD.
void printJson(const nlohmann::json& value, int indent = 2);
void printJson(const nlohmann::ordered_json& value, int indent = 2);

// Prints "mxi: <subject>: <message> (at byte offset N)" to stderr and maps the code to an exit code.
int reportError(const core::Status& status, const std::string& subject);

// What a command's body returns: its exit code, or the failure that ends it.
using CommandResult = core::StatusOr<int>;

// Makes `body` the command's action: its exit code is the process's, and a failure is reported by
// reportError under `subject` (the command's name). Bodies name the file or item at fault with
// `about`, so every error reads "mxi: COMMAND: WHAT: message".
void setCommandBody(CLI::App& command, int& exitCode, std::string subject, std::function<CommandResult()> body);

// `status` (or the failure in `result`) with "what: " in front; success passes through.
core::Status about(const std::string& what, const core::Status& status);
template <typename T>
core::StatusOr<T> about(const std::string& what, core::StatusOr<T> result) {
  return core::withContext(std::move(result), what);
}

// Option groups several commands share, so their spelling and help read the same everywhere.
void addQuietFlag(CLI::App& command, bool& quiet, const std::string& help = "No progress on stderr");
void addExcludeHeapOption(CLI::App& command, std::vector<std::string>& excluded);
// `--drop-levels N,M,H,F`: lower bounds of Normal, Middle, High and Frozen in dropped frames
// (default Matrix's 3,9,24,42); anything but four ascending positive integers is a usage error.
void addDropLevelsOption(CLI::App& command, core::framestats::DropThresholds& levels);

// Cancelled on SIGINT/SIGTERM so long commands stop cleanly.
const core::CancelToken& processCancelToken();

// Progress on stderr when it is a terminal (a single rewritten line), silent otherwise.
class TerminalProgress final : public core::ProgressSink {
 public:
  explicit TerminalProgress(bool enabled);
  ~TerminalProgress() override;
  bool report(std::string_view phase, int permille) override;

 private:
  bool m_enabled;
  int m_lastPermille = -1;
  std::string m_lastPhase;
};

// Each command registers itself on the root app and sets `exitCode` when it runs.
using CommandRegistrar = void (*)(CLI::App& root, int& exitCode);

}  // namespace mxi::cli
