// `mxi agent deploy|status|packages`: push the device agent matching the phone's ABI (when its
// build hash differs), report what the phone has, list the installed packages and which run.
#include <cstdio>

#include <nlohmann/json.hpp>

#include "app/cli/agent_device.h"
#include "app/cli/commands.h"
#include "core/agentlink/package_query.h"
#include "device-agent/src/build_info.h"

namespace mxi::cli {

namespace {

struct AgentArgs {
  AgentTarget target;
  bool force = false;
  bool thirdParty = false;
  OutputFormat format = OutputFormat::kText;
};

int printResult(const core::agentlink::DeployResult& r, bool deployed, OutputFormat format) {
  const bool current = r.agent.present && r.agent.buildHash == agent::kAgentBuildHash;
  if (format == OutputFormat::kJson) {
    nlohmann::json j = {{"abi", r.probe.abi},
                        {"sdk", r.probe.sdk},
                        {"uid", r.probe.uid},
                        {"toolDir", r.probe.toolDir},
                        {"agentPath", core::agentlink::kRemoteAgentPath},
                        {"present", r.agent.present},
                        {"version", r.agent.version},
                        {"buildHash", r.agent.buildHash},
                        {"expectedBuildHash", agent::kAgentBuildHash},
                        {"upToDate", current}};
    if (deployed) j["pushed"] = r.pushed;
    printJson(j);
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
  CLI::App* agentCmd =
      root.add_subcommand("agent", "Deploy the device agent (mxi-agent) or show its state on the phone");
  agentCmd->require_subcommand(1);

  CLI::App* deploy = agentCmd->add_subcommand(
      "deploy", "Push mxi-agent for the device's ABI to /data/local/tmp/mxi-agent unless the same build is there");
  addAgentTargetOptions(*deploy, args->target);
  deploy->add_flag("--force", args->force, "Push even when the device has this build");
  addFormatOption(*deploy, args->format);
  setCommandBody(*deploy, exitCode, "agent deploy", [args]() -> CommandResult {
    ASSIGN_OR_RETURN(auto device, openDeviceAgent(args->target));
    TerminalProgress progress(true);
    ASSIGN_OR_RETURN(auto r, device->deploy(args->force, progress));
    return printResult(r, true, args->format);
  });

  CLI::App* status =
      agentCmd->add_subcommand("status", "Probe the device and show the deployed agent's version and build");
  addAgentTargetOptions(*status, args->target);
  addFormatOption(*status, args->format);
  setCommandBody(*status, exitCode, "agent status", [args]() -> CommandResult {
    ASSIGN_OR_RETURN(auto device, openDeviceAgent(args->target));
    const core::adb::IoLimits limits = device->limits();
    core::agentlink::DeployResult r;
    ASSIGN_OR_RETURN(r.probe, core::agentlink::probeDevice(device->device(), limits));
    ASSIGN_OR_RETURN(r.agent, core::agentlink::remoteAgentStatus(device->device(), limits));
    return printResult(r, false, args->format);
  });

  CLI::App* packages = agentCmd->add_subcommand(
      "packages", "List the installed packages (pm list packages) with whether each runs and its main pid");
  addAgentTargetOptions(*packages, args->target);
  packages->add_flag("--third-party", args->thirdParty, "Only apps the user installed (pm list packages -3)");
  addFormatOption(*packages, args->format);
  setCommandBody(*packages, exitCode, "agent packages", [args]() -> CommandResult {
    const core::CancelToken& cancel = processCancelToken();
    ASSIGN_OR_RETURN(auto device, openDeviceAgent(args->target));
    core::protocol::AgentHello hello;
    ASSIGN_OR_RETURN(auto conn, device->startAndConnect(hello, cancel));
    const core::adb::IoLimits limits{std::chrono::seconds(30), &cancel};
    auto list = core::agentlink::listPackages(
        *conn, args->thirdParty ? uint32_t{core::protocol::kThirdPartyPackagesOnly} : 0u, limits);
    device->stopAgent();
    if (!list.ok()) return list.status();
    if (args->format == OutputFormat::kJson) {
      nlohmann::ordered_json j = nlohmann::ordered_json::array();
      for (const auto& p : *list)
        j.push_back({{"package", p.packageName}, {"running", p.running}, {"mainPid", p.mainPid}});
      printJson(j);
    } else {
      for (const auto& p : *list) {
        if (!p.running)
          std::printf("%-7s %s\n", "-", p.packageName.c_str());
        else if (p.mainPid == 0)
          std::printf("%-7s %s\n", "running", p.packageName.c_str());
        else
          std::printf("%-7d %s\n", p.mainPid, p.packageName.c_str());
      }
    }
    return 0;
  });
}

}  // namespace mxi::cli
