#include "app/cli/cli_common.h"

#include <unistd.h>
#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <optional>
#include <sstream>

#include <nlohmann/json.hpp>

#include "core/json/json_writer.h"

namespace mxi::cli {

namespace {
core::CancelToken g_cancel;
extern "C" void onSignal(int) { g_cancel.cancel(); }
}  // namespace

void addFormatOption(CLI::App& command, OutputFormat& format) {
  command.add_option("--format", format, "Output format")
      ->transform(CLI::CheckedTransformer(
          std::map<std::string, OutputFormat>{{"text", OutputFormat::kText}, {"json", OutputFormat::kJson}},
          CLI::ignore_case))
      ->default_str("text");
}

void printJson(const nlohmann::json& value, int indent) {
  std::printf("%s\n", core::json::dumpJson(value, indent).c_str());
}

void printJson(const nlohmann::ordered_json& value, int indent) {
  std::printf("%s\n", core::json::dumpJson(value, indent).c_str());
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
    case core::StatusCode::kTimeout:
    case core::StatusCode::kResourceLimit: return static_cast<int>(ExitCode::kBadInput);
  }
  return static_cast<int>(ExitCode::kInternal);
}

void setCommandBody(CLI::App& command, int& exitCode, std::string subject, std::function<CommandResult()> body) {
  command.callback([&exitCode, subject = std::move(subject), body = std::move(body)] {
    const CommandResult result = body();
    exitCode = result.ok() ? *result : reportError(result.status(), subject);
  });
}

core::Status about(const std::string& what, const core::Status& status) {
  return status.ok() ? status : status.withContext(what);
}

void addQuietFlag(CLI::App& command, bool& quiet, const std::string& help) {
  command.add_flag("-q,--quiet", quiet, help);
}

void addExcludeHeapOption(CLI::App& command, std::vector<std::string>& excluded) {
  command
      .add_option("--exclude-heap", excluded,
                  "Do not count this heap's objects in retained bytes (Android: image, zygote)")
      ->delimiter(',');
}

namespace {
std::optional<core::framestats::DropThresholds> parseDropLevels(const std::string& text) {
  std::istringstream in(text);
  std::string part;
  int levels[4];
  int i = 0, previous = 0;
  while (std::getline(in, part, ',')) {
    if (i == 4) return std::nullopt;
    char* end = nullptr;
    const long v = std::strtol(part.c_str(), &end, 10);
    if (end == part.c_str() || *end != '\0' || v <= previous || v > 100000) return std::nullopt;
    levels[i++] = static_cast<int>(v);
    previous = static_cast<int>(v);
  }
  if (i != 4) return std::nullopt;
  return core::framestats::DropThresholds{levels[0], levels[1], levels[2], levels[3]};
}
}  // namespace

void addDropLevelsOption(CLI::App& command, core::framestats::DropThresholds& levels) {
  command.add_option_function<std::string>(
      "--drop-levels",
      [&levels](const std::string& text) {
        const auto parsed = parseDropLevels(text);
        if (!parsed)
          throw CLI::ValidationError("--drop-levels", "needs four ascending positive integers, e.g. 3,9,24,42");
        levels = *parsed;
      },
      "Lower bounds in dropped frames of Normal,Middle,High,Frozen (default 3,9,24,42)");
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
    std::fprintf(stderr, "\r\033[K%.*s %3d%%", static_cast<int>(phase.size()), phase.data(), permille / 10);
    std::fflush(stderr);
  }
  return !g_cancel.isCancelled();
}

}  // namespace mxi::cli
