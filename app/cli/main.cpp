// `mxi`: the headless Matrix Inspector. Thin layer over core/: argument parsing and output.
#include <cstdio>

#include "app/cli/commands.h"
#include "app/cli/device_options.h"
#include "mxi/version.h"

int main(int argc, char** argv) {
  CLI::App app{"mxi - Matrix Inspector command line: heap dumps, device sessions and Matrix issues"};
  app.set_version_flag("--version", std::string("mxi ") + mxi::kVersion);
  app.require_subcommand(1);
  app.fallthrough(false);

  int exitCode = 0;
  mxi::cli::addGlobalDeviceOptions(app);
  for (mxi::cli::CommandRegistrar registrar : {
           &mxi::cli::registerInfoCommand,     &mxi::cli::registerHistogramCommand,
           &mxi::cli::registerLeaksCommand,    &mxi::cli::registerDominatorsCommand,
           &mxi::cli::registerDiffCommand,     &mxi::cli::registerBitmapsCommand,
           &mxi::cli::registerStringsCommand,  &mxi::cli::registerShrinkCommand,
           &mxi::cli::registerDevicesCommand,  &mxi::cli::registerShellCommand,
           &mxi::cli::registerPushCommand,     &mxi::cli::registerPullCommand,
           &mxi::cli::registerForwardCommand,  &mxi::cli::registerParseCommand,
           &mxi::cli::registerSessionCommand,  &mxi::cli::registerTriageCommand,
           &mxi::cli::registerSqliteCommand,   &mxi::cli::registerApkCommand,
#ifdef MXI_CLI_HAS_AGENT
           &mxi::cli::registerAgentCommand,    &mxi::cli::registerRecordCommand,
           &mxi::cli::registerDumpheapCommand, &mxi::cli::registerStartupCommand,
#endif
       }) {
    registrar(app, exitCode);
  }

  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    const int rc = app.exit(e);
    // Usage errors are bad input (2), like a bad dump; --help/--version are success.
    return rc == 0 ? 0 : 2;
  }
  return exitCode;
}
