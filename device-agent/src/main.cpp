// mxi-agent: the device side of Matrix Inspector (see agent_server.h and docs/PROTOCOL.md).
#include <signal.h>
#include <unistd.h>

#include <climits>
#include <cstdio>

#include "device-agent/src/agent_options.h"
#include "device-agent/src/agent_server.h"
#include "device-agent/src/build_info.h"
#include "mxi/version.h"

int main(int argc, char** argv) {
  auto options = mxi::agent::parseAgentOptions(argc, argv);
  if (!options.ok()) {
    std::fprintf(stderr, "mxi-agent: %s\n%s", options.status().toString().c_str(), mxi::agent::agentUsage());
    return 2;
  }
  if (options->showVersion) {
    std::printf("mxi-agent %s %s\n", mxi::kVersion, mxi::agent::kAgentBuildHash);
    return 0;
  }
  if (options->showHelp) {
    std::fputs(mxi::agent::agentUsage(), stdout);
    return 0;
  }
  signal(SIGPIPE, SIG_IGN);
  const bool deleteSelf = options->deleteSelf;
  mxi::agent::AgentServer server(std::move(options).value());
  const mxi::core::Status status = server.run();
  if (deleteSelf) {
    char self[PATH_MAX];
    const ssize_t n = readlink("/proc/self/exe", self, sizeof self - 1);
    if (n > 0) {
      self[n] = '\0';
      unlink(self);
    }
  }
  if (!status.ok()) {
    std::fprintf(stderr, "mxi-agent: %s\n", status.toString().c_str());
    return 1;
  }
  return 0;
}
