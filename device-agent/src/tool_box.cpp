#include "device-agent/src/tool_box.h"

namespace mxi::agent {

std::string ToolBox::path(Tool tool) const {
  const char* name = "";
  switch (tool) {
    case Tool::kDumpsys: name = "dumpsys"; break;
    case Tool::kLogcat: name = "logcat"; break;
    case Tool::kAm: name = "am"; break;
    case Tool::kPs: name = "ps"; break;
    case Tool::kGetprop: name = "getprop"; break;
    case Tool::kPm: name = "pm"; break;
  }
  return m_dir + "/" + name;
}

core::StatusOr<CommandResult> ToolBox::run(Tool tool, const std::vector<std::string>& args,
                                           std::chrono::milliseconds timeout, StderrTo stderrTo) const {
  return runCommand(path(tool), args, timeout, 16u << 20, stderrTo);
}

}  // namespace mxi::agent
