// `mxi agent deploy|status`: push the device agent matching the phone's ABI (when its build hash
// differs) and report what the phone has.
#include <cstdio>

#include <nlohmann/json.hpp>

#include "app/cli/agent_device.h"
#include "app/cli/commands.h"
#include "device-agent/src/build_info.h"

namespace mxi::cli {

namespace {

struct AgentArgs {
  AgentTarget target;
  bool force = false;
  OutputFormat format = OutputFormat::kText;
};

int printResult(const core::agentlink::DeployResult& r, bool deployed, OutputFormat format) {
  const bool current = r.agent.present && r.agent.buildHash == agent::kAgentBuildHash;
  if (format == OutputFormat::kJson) {
    nlohmann::json j = {{"abi", r.probe.abi},        {"sdk", r.probe.sdk},
                        {"uid", r.probe.uid},        {"toolDir", r.probe.toolDir},
                        {"agentPath", core::agentlink::kRemoteAgentPath},
                        {"present", r.agent.present}, {"version", r.agent.version},
                        {"buildHash", r.agent.buildHash}, {"expectedBuildHash", agent::kAgentBuildHash},
                        {"upToDate", current}};
    if (deployed) j["pushed"] = r.pushed;
    std::printf("%s\n", j.dump(2).c_str());
  } else {
    std::printf("device: ABI %s, SDK %d, uid %s, tools in %s\n", r.probe.abi.c_str(), r.probe.sdk, r.probe.uid.c_str(),
                r.probe.toolDir.c_str());
    if (r.agent.present) {
      std::printf("agent: %s version %s build %s (%s)\n", core::agentlink::kRemoteAgentPath, r.agent.version.c_str(),
                  r.agent.buildHash.c_str(), current ? "up to date" : "differs from this mxi's build");
    } else {
      std::printf("agent: not deployed (%s)\n", core::agentlink::kRemoteAgentPath);
    }
    if (deployed) std::printf("%s\n", r.pushed ? "pushed" : "already up to date, not pushed");
  }
  return 0;
}

}  // namespace

void registerAgentCommand(CLI::App& root, int& exitCode) {
  auto args = std::make_shared<AgentArgs>();
  CLI::App* agentCmd = root.add_subcommand("agent", "Deploy the device agent (mxi-agent) or show its state on the phone");
  agentCmd->require_subcommand(1);

  CLI::App* deploy = agentCmd->add_subcommand(
      "deploy", "Push mxi-agent for the device's ABI to /data/local/tmp/mxi-agent unless the same build is there");
  addAgentTargetOptions(*deploy, args->target);
  deploy->add_flag("--force", args->force, "Push even when the device has this build");
  addFormatOption(*deploy, args->format);
  deploy->callback([args, &exitCode] {
    auto device = openDeviceAgent(args->target);
    if (!device.ok()) {
      exitCode = reportError(device.status(), "agent deploy");
      return;
    }
    TerminalProgress progress(true);
    auto r = (*device)->deploy(args->force, progress);
    if (!r.ok()) {
      exitCode = reportError(r.status(), "agent deploy");
      return;
    }
    exitCode = printResult(*r, true, args->format);
  });

  CLI::App* status = agentCmd->add_subcommand("status", "Probe the device and show the deployed agent's version and build");
  addAgentTargetOptions(*status, args->target);
  addFormatOption(*status, args->format);
  status->callback([args, &exitCode] {
    auto device = openDeviceAgent(args->target);
    if (!device.ok()) {
      exitCode = reportError(device.status(), "agent status");
      return;
    }
    const core::adb::IoLimits limits = (*device)->limits();
    core::agentlink::DeployResult r;
    auto probe = core::agentlink::probeDevice((*device)->device(), limits);
    if (!probe.ok()) {
      exitCode = reportError(probe.status(), "agent status");
      return;
    }
    r.probe = *probe;
    auto remote = core::agentlink::remoteAgentStatus((*device)->device(), limits);
    if (!remote.ok()) {
      exitCode = reportError(remote.status(), "agent status");
      return;
    }
    r.agent = *remote;
    exitCode = printResult(r, false, args->format);
  });
}

}  // namespace mxi::cli
