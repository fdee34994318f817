#include "app/cli/agent_device.h"

#include <unistd.h>

#include <climits>
#include <cstdlib>
#include <filesystem>

#include "device-agent/src/build_info.h"

namespace mxi::cli {

namespace fs = std::filesystem;
using namespace core;

namespace {

std::string executableDir() {
  char buf[PATH_MAX];
  const ssize_t n = readlink("/proc/self/exe", buf, sizeof buf - 1);
  if (n <= 0) return {};
  buf[n] = '\0';
  return fs::path(buf).parent_path().string();
}

// The agent for `abi`: --agent, $MXI_AGENT_PATH, $MXI_AGENT_DIR/<abi>, the installed copies,
// then this build's host agent (x86_64) or this source tree's agent-* preset builds.
std::string agentBinaryFor(const std::string& abi, const std::string& explicitPath) {
  if (!explicitPath.empty()) return explicitPath;
  std::vector<std::string> dirs;
  if (const char* d = std::getenv("MXI_AGENT_DIR")) dirs.push_back(d);
  dirs.push_back((fs::path(executableDir()) / ".." / "share" / "matrix-inspector" / "agent").string());
  std::string found = agentlink::findAgentBinary(abi, dirs);
  if (!found.empty()) return found;
  // The host build of this tree is always this mxi's build; the presets' may be older.
#if defined(__x86_64__) && defined(MXI_CLI_HOST_AGENT)
  if (abi == "x86_64" && fs::exists(MXI_CLI_HOST_AGENT)) return MXI_CLI_HOST_AGENT;
#endif
  const std::string preset = abi == "arm64-v8a" ? "agent-arm64" : abi == "armeabi-v7a" ? "agent-armv7" : "agent-" + abi;
  const fs::path tree = fs::path(MXI_CLI_SOURCE_DIR) / "build" / preset / "device-agent" / "mxi-agent";
  if (fs::exists(tree)) return tree.string();
  return {};
}

}  // namespace

const char* agentSearchHelp() {
  return "The agent binary for the device's ABI is taken from --agent, $MXI_AGENT_PATH, $MXI_AGENT_DIR/<abi>/mxi-agent, "
         "<prefix>/share/matrix-inspector/agent/<abi>/mxi-agent, this build's host agent (x86_64) or this tree's build/agent-<abi> preset builds.";
}

void addAgentTargetOptions(CLI::App& command, AgentTarget& target) {
  addDeviceOptions(command, target.device);
  command.add_option("--agent", target.agentPath, "mxi-agent binary to deploy (default: searched, see below)");
  command.footer(agentSearchHelp());
}

StatusOr<std::unique_ptr<DeviceAgent>> DeviceAgent::open(const AgentTarget& target) {
  auto self = std::make_unique<DeviceAgent>();
  self->m_target = target;
  mergeGlobalDeviceOptions(self->m_target.device);
  ASSIGN_OR_RETURN(self->m_device, openDevice(self->m_target.device));
  return self;
}

StatusOr<agentlink::DeployResult> DeviceAgent::deploy(bool force, ProgressSink& progress) {
  ASSIGN_OR_RETURN(agentlink::DeviceProbe probe, agentlink::probeDevice(*m_device, limits()));
  const std::string binary = agentBinaryFor(probe.abi, m_target.agentPath);
  ASSIGN_OR_RETURN(agentlink::DeployResult result,
                   agentlink::deployAgent(*m_device, binary, agent::kAgentBuildHash, force, progress, limits()));
  m_probe = result.probe;
  return result;
}

StatusOr<std::unique_ptr<agentlink::AgentConnection>> DeviceAgent::startAndConnect(protocol::AgentHello& hello,
                                                                                   const CancelToken& cancel) {
  if (!m_probe) {
    NullProgress quiet;
    ASSIGN_OR_RETURN(agentlink::DeployResult r, deploy(false, quiet));
    (void)r;
  }
  m_running.reset();  // a previous agent (dead or alive) is hung up first
  adb::IoLimits io = limits();
  io.cancel = &cancel;
  ASSIGN_OR_RETURN(m_running, agentlink::RunningAgent::start(*m_device, *m_probe, 30, io));
  return m_running->connect(hello, std::chrono::seconds(10), io);
}

}  // namespace mxi::cli
