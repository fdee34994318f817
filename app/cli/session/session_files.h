// What the `mxi session` verbs share: reading a session with its recovery notes, and writing a
// report to a file or stdout.
#pragma once

#include <memory>
#include <string>

#include "app/cli/cli_common.h"
#include "core/session/session_data.h"
#include "core/session/session_reader.h"

namespace mxi::cli {

// Writes to `path`, or stdout when empty or "-".
core::Status writeOutput(const std::string& path, const std::string& text);

// Opens and decodes a whole session, around damaged blocks; its recovery notes go to stderr
// (always when it is damaged).
core::StatusOr<std::shared_ptr<const core::session::SessionData>> loadSessionFile(const std::string& path, bool quiet);

// "closed cleanly: …", the damage found and the reader's notes.
void printRecovery(const core::session::RecoveryReport& report);

// One registrar per verb (app/cli/session/cmd_session_*.cpp).
void registerSessionInfo(CLI::App& parent, int& exitCode);
void registerSessionSummary(CLI::App& parent, int& exitCode);
void registerSessionCompare(CLI::App& parent, int& exitCode);
void registerSessionExport(CLI::App& parent, int& exitCode);
void registerSessionImport(CLI::App& parent, int& exitCode);

}  // namespace mxi::cli
