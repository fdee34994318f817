// The device as the agent's Hello describes it (AgentHello): model, SDK level, ABI and display
// refresh rate, read once (getprop, `dumpsys display`, else `dumpsys SurfaceFlinger`), with the
// agent's version, build hash and machine; the clocks are stamped at each Hello.
#pragma once

#include <optional>

#include "core/protocol/messages.h"
#include "device-agent/src/tool_box.h"

namespace mxi::agent {

class DeviceProfile {
 public:
  explicit DeviceProfile(const ToolBox& tools) : m_tools(tools) {}
  // Read on first use, then kept.
  const core::protocol::AgentHello& get();
  // get() with the device's clocks now: the answer to a Hello.
  core::protocol::AgentHello hello();

 private:
  const ToolBox& m_tools;
  std::optional<core::protocol::AgentHello> m_info;
};

}  // namespace mxi::agent
