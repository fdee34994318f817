// `mxi session info|summary|compare|export|import`: recorded sessions (.mxs). Each verb lives in
// app/cli/session/cmd_session_VERB.cpp.
#include "app/cli/commands.h"
#include "app/cli/session/session_files.h"

namespace mxi::cli {

void registerSessionCommand(CLI::App& root, int& exitCode) {
  auto* cmd = root.add_subcommand("session", "Recorded sessions (.mxs): info, summary, compare, export, import");
  cmd->require_subcommand(1);
  registerSessionInfo(*cmd, exitCode);
  registerSessionSummary(*cmd, exitCode);
  registerSessionCompare(*cmd, exitCode);
  registerSessionExport(*cmd, exitCode);
  registerSessionImport(*cmd, exitCode);
}

}  // namespace mxi::cli
