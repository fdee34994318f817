// The Android tools the collectors run, resolved in one configured directory (/system/bin on a
// phone, the simulated tools in tests). Only names from this fixed list can be run.
#pragma once

#include <chrono>
#include <string>
#include <vector>

#include "device-agent/src/process_runner.h"

namespace mxi::agent {

enum class Tool { kDumpsys, kLogcat, kAm, kPs, kGetprop, kPm };

class ToolBox {
 public:
  explicit ToolBox(std::string dir) : m_dir(std::move(dir)) {}
  std::string path(Tool tool) const;
  core::StatusOr<CommandResult> run(Tool tool, const std::vector<std::string>& args,
                                    std::chrono::milliseconds timeout = std::chrono::seconds(10),
                                    StderrTo stderrTo = StderrTo::kNull) const;

 private:
  std::string m_dir;
};

}  // namespace mxi::agent
