#include "app/cli/cli_common.h"

#include <csignal>
#include <cstdio>
#include <unistd.h>

#include <nlohmann/json.hpp>

#include "core/trace/json_reader.h"

namespace mxi::cli {

namespace {
core::CancelToken g_cancel;
extern "C" void onSignal(int) { g_cancel.cancel(); }
}  // namespace

void addFormatOption(CLI::App& command, OutputFormat& format) {
  command
      .add_option("--format", format, "Output format")
      ->transform(CLI::CheckedTransformer(
          std::map<std::string, OutputFormat>{{"text", OutputFormat::kText}, {"json", OutputFormat::kJson}},
          CLI::ignore_case))
      ->default_str("text");
}

void printJson(const nlohmann::json& value, int indent) {
  std::printf("%s\n", core::trace::dumpJson(value, indent).c_str());
}

void printJson(const nlohmann::ordered_json& value, int indent) {
  std::printf("%s\n", core::trace::dumpJson(value, indent).c_str());
}

int reportError(const core::Status& status, const std::string& subject) {
  std::fprintf(stderr, "mxi: %s: %s\n", subject.c_str(), status.toString().c_str());
  switch (status.code()) {
    case core::StatusCode::kOk: return static_cast<int>(ExitCode::kOk);
    case core::StatusCode::kCancelled: return static_cast<int>(ExitCode::kCancelled);
    case core::StatusCode::kInternal: return static_cast<int>(ExitCode::kInternal);
    case core::StatusCode::kInvalidInput:
    case core::StatusCode::kNotFound:
    case core::StatusCode::kIoError:
    case core::StatusCode::kResourceLimit: return static_cast<int>(ExitCode::kBadInput);
  }
  return static_cast<int>(ExitCode::kInternal);
}

const core::CancelToken& processCancelToken() {
  static const bool installed = [] {
    std::signal(SIGINT, onSignal);
    std::signal(SIGTERM, onSignal);
    return true;
  }();
  (void)installed;
  return g_cancel;
}

TerminalProgress::TerminalProgress(bool enabled) : m_enabled(enabled && isatty(STDERR_FILENO)) {}

TerminalProgress::~TerminalProgress() {
  if (m_enabled && m_lastPermille >= 0) std::fputs("\r\033[K", stderr);
}

bool TerminalProgress::report(std::string_view phase, int permille) {
  if (m_enabled && (permille / 10 != m_lastPermille / 10 || phase != m_lastPhase)) {
    m_lastPermille = permille;
    m_lastPhase = phase;
    std::fprintf(stderr, "\r\033[K%.*s %3d%%", static_cast<int>(phase.size()), phase.data(),
                 permille / 10);
    std::fflush(stderr);
  }
  return !g_cancel.isCancelled();
}

}  // namespace mxi::cli
