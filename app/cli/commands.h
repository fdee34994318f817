// Every `mxi` command, one registrar per file (app/cli/cmd_*.cpp).
#pragma once

#include <string>
#include <vector>

#include "app/cli/cli_common.h"
#include "core/base/parse_problem.h"

namespace mxi::cli {

void registerInfoCommand(CLI::App& root, int& exitCode);        // cmd_info.cpp
void registerHistogramCommand(CLI::App& root, int& exitCode);   // cmd_histogram.cpp
void registerLeaksCommand(CLI::App& root, int& exitCode);       // cmd_leaks.cpp
void registerDominatorsCommand(CLI::App& root, int& exitCode);  // cmd_dominators.cpp
void registerDiffCommand(CLI::App& root, int& exitCode);        // cmd_diff.cpp
void registerBitmapsCommand(CLI::App& root, int& exitCode);     // cmd_bitmaps.cpp
void registerStringsCommand(CLI::App& root, int& exitCode);     // cmd_strings.cpp
void registerShrinkCommand(CLI::App& root, int& exitCode);      // cmd_shrink.cpp
void registerDevicesCommand(CLI::App& root, int& exitCode);     // cmd_devices.cpp
void registerShellCommand(CLI::App& root, int& exitCode);       // cmd_shell.cpp
void registerPushCommand(CLI::App& root, int& exitCode);        // cmd_transfer.cpp
void registerPullCommand(CLI::App& root, int& exitCode);        // cmd_transfer.cpp
void registerForwardCommand(CLI::App& root, int& exitCode);     // cmd_forward.cpp
void registerParseCommand(CLI::App& root, int& exitCode);       // cmd_parse.cpp
void registerParseTrace(CLI::App& parse, int& exitCode);        // cmd_parse_trace.cpp (under `parse`)
void registerParseMeminfo(CLI::App& parse, int& exitCode);      // cmd_parse_meminfo.cpp (under `parse`)
void registerParseDbinfo(CLI::App& parse, int& exitCode);       // cmd_parse_dbinfo.cpp (under `parse`)
void registerParseStrictMode(CLI::App& parse, int& exitCode);   // cmd_parse_strictmode.cpp (under `parse`)
void registerSessionCommand(CLI::App& root, int& exitCode);     // cmd_session.cpp
void registerTriageCommand(CLI::App& root, int& exitCode);      // cmd_triage.cpp
void registerSqliteCommand(CLI::App& root, int& exitCode);      // cmd_sqlite.cpp
void registerApkCommand(CLI::App& root, int& exitCode);         // cmd_apk.cpp
// "mxi: FILE line N (at byte offset M): message" on stderr for each line a `parse` command skipped.
void printParseProblems(const std::vector<core::ParseProblem>& problems, const std::string& file);  // cmd_parse.cpp

#ifdef MXI_CLI_HAS_AGENT
void registerAgentCommand(CLI::App& root, int& exitCode);     // cmd_agent.cpp
void registerRecordCommand(CLI::App& root, int& exitCode);    // cmd_record.cpp
void registerDumpheapCommand(CLI::App& root, int& exitCode);  // cmd_dumpheap.cpp
// `mxi apk pull` under the `apk` command (it needs core/agentlink's app listing for its errors).
void addApkPullCommand(CLI::App& apk, int& exitCode);        // cmd_apk_pull.cpp
void registerStartupCommand(CLI::App& root, int& exitCode);  // cmd_startup.cpp
#endif

}  // namespace mxi::cli
