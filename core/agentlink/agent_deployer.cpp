#include "core/agentlink/agent_deployer.h"

#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <random>
#include <thread>

#include "core/adb/shell.h"
#include "core/adb/sync_client.h"
#include "core/base/text_lines.h"

namespace mxi::core::agentlink {

StatusOr<DeviceProbe> parseProbe(std::string_view output) {
  const std::vector<std::string_view> lines = text::trimmedLines(output);
  if (lines.size() < 4)
    return invalidInput("device probe: expected 4 lines, got: " + std::string(output.substr(0, 200)));
  DeviceProbe p;
  p.abi = std::string(lines[0]);
  p.sdk = static_cast<int>(text::parseInt(lines[1]).value_or(0));
  p.uid = std::string(lines[2]);
  const size_t slash = lines[3].rfind('/');
  if (p.abi.empty() || slash == std::string_view::npos || slash == 0) {
    return invalidInput("device probe: no ABI or no dumpsys on the device: " + std::string(output.substr(0, 200)));
  }
  p.toolDir = std::string(lines[3].substr(0, slash));
  return p;
}

StatusOr<DeviceProbe> probeDevice(adb::AdbDevice& device, const adb::IoLimits& limits) {
  ASSIGN_OR_RETURN(
      adb::ShellResult r,
      adb::runShell(device, "getprop ro.product.cpu.abi; getprop ro.build.version.sdk; id -u; command -v dumpsys", {},
                    limits));
  return parseProbe(r.out);
}

RemoteAgent parseVersionLine(std::string_view output) {
  RemoteAgent a;
  a.output = std::string(output.substr(0, 300));
  for (std::string_view line : text::trimmedLines(output)) {
    if (!line.starts_with("mxi-agent ")) continue;
    const size_t space = line.find(' ', 10);
    if (space == std::string_view::npos) continue;
    a.present = true;
    a.version = std::string(line.substr(10, space - 10));
    a.buildHash = std::string(line.substr(space + 1));
    break;
  }
  return a;
}

StatusOr<RemoteAgent> remoteAgentStatus(adb::AdbDevice& device, const adb::IoLimits& limits) {
  ASSIGN_OR_RETURN(adb::ShellResult r,
                   adb::runShell(device, std::string(kRemoteAgentPath) + " --version 2>&1", {}, limits));
  return parseVersionLine(r.out);
}

std::string findAgentBinary(const std::string& abi, const std::vector<std::string>& searchDirs) {
  namespace fs = std::filesystem;
  if (const char* env = std::getenv("MXI_AGENT_PATH")) return env;
  for (const std::string& dir : searchDirs) {
    const fs::path candidate = fs::path(dir) / abi / "mxi-agent";
    if (fs::exists(candidate)) return candidate.string();
  }
  return {};
}

StatusOr<DeployResult> deployAgent(adb::AdbDevice& device, const std::string& localBinary,
                                   const std::string& expectedBuildHash, bool force, ProgressSink& progress,
                                   const adb::IoLimits& limits) {
  DeployResult result;
  result.localBinary = localBinary;
  ASSIGN_OR_RETURN(result.probe, probeDevice(device, limits));
  ASSIGN_OR_RETURN(result.agent, remoteAgentStatus(device, limits));
  if (!force && result.agent.present && result.agent.buildHash == expectedBuildHash) return result;
  if (localBinary.empty() || !std::filesystem::exists(localBinary)) {
    return notFound("no mxi-agent binary for ABI " + result.probe.abi +
                    " (build it with `cmake --preset agent-<abi>`, or set MXI_AGENT_PATH)");
  }
  {
    // A cable pulled or a network lost mid-push: say so, and what to do.
    auto lost = [](const Status& s) {
      return Status(s.code(), "the device went away while the agent was being pushed (" + s.message() +
                                  "): check its cable or network and `adb devices`, then run again");
    };
    auto sync = adb::SyncSession::open(device, limits);
    if (!sync.ok()) return lost(sync.status());
    auto pushed = (*sync)->push(localBinary, kRemoteAgentPath, progress, limits);
    if (!pushed.ok()) return pushed.status().code() == StatusCode::kCancelled ? pushed.status() : lost(pushed.status());
    (*sync)->quit(limits);
  }
  ASSIGN_OR_RETURN(adb::ShellResult chmod,
                   adb::runShell(device, std::string("chmod 755 ") + kRemoteAgentPath, {}, limits));
  (void)chmod;
  result.pushed = true;
  ASSIGN_OR_RETURN(result.agent, remoteAgentStatus(device, limits));
  if (!result.agent.present) {
    return invalidInput("the pushed agent does not run on this device (ABI " + result.probe.abi +
                        "): " + result.agent.output);
  }
  if (result.agent.buildHash != expectedBuildHash) {
    return invalidInput("the agent binary " + localBinary + " is build " + result.agent.buildHash +
                        ", this mxi expects " + expectedBuildHash + " (rebuild the agent presets)");
  }
  return result;
}

std::string randomToken() {
  static constexpr char kChars[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";
  std::random_device rd;
  std::string token;
  for (int i = 0; i < 16; ++i) token += kChars[rd() % (sizeof kChars - 1)];
  return token;
}

StatusOr<std::unique_ptr<RunningAgent>> RunningAgent::start(adb::AdbDevice& device, const DeviceProbe& probe,
                                                            int idleTimeoutSeconds, const adb::IoLimits& limits) {
  const std::string token = randomToken();
  // The token only has [A-Za-z0-9]; the tool dir came from the device itself, quoted anyway.
  const std::string command = std::string("exec ") + kRemoteAgentPath + " --token " + token + " --tool-dir " +
                              adb::shellQuote(probe.toolDir) + " --data-dir " + kRemoteDataDir + " --idle-timeout " +
                              std::to_string(idleTimeoutSeconds);
  ASSIGN_OR_RETURN(std::set<std::string> features, device.features(limits));
  ASSIGN_OR_RETURN(std::unique_ptr<adb::AdbStream> shell,
                   device.openStream(adb::shellService(command, features.count("shell_v2") > 0), limits));
  return std::unique_ptr<RunningAgent>(new RunningAgent(device, token, std::move(shell)));
}

RunningAgent::~RunningAgent() { stop(); }

void RunningAgent::stop() {
  if (m_shell) m_shell->close();  // adbd hangs up the agent (SIGHUP)
  m_shell.reset();
}

StatusOr<std::unique_ptr<AgentConnection>> RunningAgent::connect(protocol::AgentHello& hello,
                                                                 std::chrono::milliseconds wait,
                                                                 const adb::IoLimits& limits) {
  const auto deadline = std::chrono::steady_clock::now() + wait;
  Status last;
  for (;;) {
    auto stream = m_device.openStream("localabstract:mxi_" + m_token, limits);
    if (stream.ok()) {
      auto conn = std::make_unique<AgentConnection>(std::move(*stream));
      auto h = conn->handshake(m_token, limits);
      if (h.ok()) {
        hello = *h;
        return conn;
      }
      last = h.status();
    } else {
      last = stream.status();
    }
    if (limits.cancelled()) return cancelled();
    if (std::chrono::steady_clock::now() >= deadline) {
      return Status(last.code(), "cannot reach the agent on localabstract:mxi_" + m_token + ": " + last.message());
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(100));
  }
}

}  // namespace mxi::core::agentlink
