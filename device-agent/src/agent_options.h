// Command line of mxi-agent (see `mxi-agent --help`).
#pragma once

#include <string>

#include "core/base/status.h"

namespace mxi::agent {

struct AgentOptions {
  std::string token;                            // session token; socket name is mxi_<token>
  std::string toolDir = "/system/bin";          // where dumpsys, logcat, am, ps, getprop live
  std::string dataDir = "/data/local/tmp/mxi";  // the only directory the agent writes to
  std::string procDir = "/proc";                // where /proc/<pid>/smaps_rollup is read (tests: a fake one)
  int idleTimeoutMs = 60'000;                   // exit after this long without a client
  int heapStableMs = 1000;                      // a dump is complete when its size stays put this long
  bool deleteSelf = false;                      // unlink the binary on exit (deployed copies)
  bool showVersion = false;
  bool showHelp = false;
};

// Token: 8..64 characters of [A-Za-z0-9_-] (it becomes part of a socket name).
bool isValidToken(const std::string& token);

core::StatusOr<AgentOptions> parseAgentOptions(int argc, char** argv);
const char* agentUsage();

}  // namespace mxi::agent
