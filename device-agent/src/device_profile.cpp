#include "device-agent/src/device_profile.h"

#include <cstdlib>

#include "device-agent/src/agent_clocks.h"
#include "device-agent/src/build_info.h"
#include "device-agent/src/device_info_parsers.h"
#include "mxi/version.h"

namespace mxi::agent {

namespace proto = core::protocol;

namespace {

// The machine this binary was built for: with the device's ABI in the session header, it shows
// which of the shipped agents a recording came from.
constexpr const char* kAgentMachine =
#if defined(__aarch64__)
    "aarch64";
#elif defined(__arm__)
    "arm";
#elif defined(__x86_64__)
    "x86_64";
#else
    "unknown";
#endif

}  // namespace

const proto::AgentHello& DeviceProfile::get() {
  if (m_info) return *m_info;
  proto::AgentHello info;
  info.agentVersion = kVersion;
  info.buildHash = kAgentBuildHash;
  info.agentMachine = kAgentMachine;
  if (auto props = m_tools.run(Tool::kGetprop, {}); props.ok() && props->exitCode == 0) {
    const auto p = parseGetprop(props->output);
    auto get = [&](const char* key) {
      const auto it = p.find(key);
      return it == p.end() ? std::string() : it->second;
    };
    info.deviceModel = get("ro.product.model");
    info.sdkLevel = static_cast<uint32_t>(std::atoi(get("ro.build.version.sdk").c_str()));
    info.abi = get("ro.product.cpu.abi");
  }
  std::optional<uint32_t> hz;
  if (auto display = m_tools.run(Tool::kDumpsys, {"display"}); display.ok())
    hz = parseDisplayRefreshMilliHz(display->output);
  if (!hz) {
    if (auto sf = m_tools.run(Tool::kDumpsys, {"SurfaceFlinger"}); sf.ok())
      hz = parseSurfaceFlingerRefreshMilliHz(sf->output);
  }
  info.refreshMilliHz = hz.value_or(60'000);
  info.wallClockMs = wallMs();
  info.monotonicNs = monotonicNs();
  m_info = info;
  return *m_info;
}

proto::AgentHello DeviceProfile::hello() {
  get();
  m_info->wallClockMs = wallMs();
  m_info->monotonicNs = monotonicNs();
  return *m_info;
}

}  // namespace mxi::agent
