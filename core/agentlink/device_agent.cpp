#include "core/agentlink/device_agent.h"

#include <unistd.h>

#include <climits>
#include <cstdlib>
#include <filesystem>

#include "device-agent/src/build_info.h"

namespace mxi::core::agentlink {

namespace fs = std::filesystem;

std::string executableDirectory() {
  char buf[PATH_MAX];
  const ssize_t n = readlink("/proc/self/exe", buf, sizeof buf - 1);
  if (n <= 0) return {};
  buf[n] = '\0';
  return fs::path(buf).parent_path().string();
}

const char* agentSearchHelp() {
  return "The agent binary for the device's ABI is taken from --agent, $MXI_AGENT_PATH, "
         "$MXI_AGENT_DIR/<abi>/mxi-agent, "
         "<prefix>/share/matrix-inspector/agent/<abi>/mxi-agent, or this build tree's agents (x86_64: the host "
         "build; arm64-v8a, armeabi-v7a: its cross sub-builds under agents/<abi>).";
}

std::string findInstalledAgent(const std::string& abi, const AgentSearch& search) {
  if (!search.explicitPath.empty()) return search.explicitPath;
  std::vector<std::string> dirs;
  if (const char* d = std::getenv("MXI_AGENT_DIR")) dirs.push_back(d);
  if (!search.executableDir.empty()) {
    dirs.push_back((fs::path(search.executableDir) / ".." / "share" / "matrix-inspector" / "agent").string());
  }
  std::string found = findAgentBinary(abi, dirs);  // also honours $MXI_AGENT_PATH
  if (!found.empty()) return found;
  if (search.buildDir.empty()) return {};
  const fs::path build = search.buildDir;
  const fs::path tree =
      abi == "x86_64" ? build / "device-agent" / "mxi-agent" : build / "agents" / abi / "device-agent" / "mxi-agent";
  std::error_code ec;
  return fs::exists(tree, ec) ? tree.string() : std::string();
}

DeviceAgent::DeviceAgent(std::unique_ptr<adb::AdbDevice> device, adb::IoLimits limits, AgentLocator locate)
    : m_device(std::move(device)), m_limits(limits), m_locate(std::move(locate)) {}

DeviceAgent::~DeviceAgent() {
  m_running.reset();  // hangs the agent up before the device goes
}

StatusOr<DeployResult> DeviceAgent::deploy(bool force, ProgressSink& progress) {
  ASSIGN_OR_RETURN(DeviceProbe probe, probeDevice(*m_device, m_limits));
  const std::string binary = m_locate ? m_locate(probe.abi) : std::string();
  ASSIGN_OR_RETURN(DeployResult result,
                   deployAgent(*m_device, binary, agent::kAgentBuildHash, force, progress, m_limits));
  m_probe = result.probe;
  return result;
}

StatusOr<std::unique_ptr<AgentConnection>> DeviceAgent::startAndConnect(protocol::AgentHello& hello,
                                                                        const CancelToken& cancel) {
  if (!m_probe) {
    NullProgress quiet;
    ASSIGN_OR_RETURN(DeployResult deployed, deploy(false, quiet));
    (void)deployed;
  }
  m_running.reset();  // a previous agent (dead or alive) is hung up first
  adb::IoLimits io = m_limits;
  io.cancel = &cancel;
  ASSIGN_OR_RETURN(m_running, RunningAgent::start(*m_device, *m_probe, 30, io));
  return m_running->connect(hello, std::chrono::seconds(10), io);
}

}  // namespace mxi::core::agentlink
