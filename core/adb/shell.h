// Runs commands on a device: shell v2 (separate stdout/stderr, exit code, stdin close) when
// the device has `shell_v2`, plain "shell:" otherwise (merged output, no exit code), "exec:"
// for raw binary-safe output.
#pragma once

#include <functional>
#include <optional>
#include <string>
#include <string_view>

#include "core/adb/adb_device.h"

namespace mxi::core::adb {

struct ShellOptions {
  std::string stdinData;  // sent, then stdin is closed (shell v2 only)
  bool forceV1 = false;   // use "shell:" even when the device has shell_v2
  // Streaming output; when unset, output is collected into ShellResult.
  std::function<void(std::string_view)> onStdout;
  std::function<void(std::string_view)> onStderr;
};

struct ShellResult {
  std::optional<int> exitCode;  // absent with the v1 protocol
  std::string out;              // collected unless onStdout is set (v1: stdout and stderr merged)
  std::string err;
  bool usedShellV2 = false;
};

// "shell,v2,raw:" + command (the v2 service string adb uses for non-interactive commands).
std::string shellService(std::string_view command, bool v2);

StatusOr<ShellResult> runShell(AdbDevice& device, std::string_view command, const ShellOptions& options,
                               const IoLimits& limits);
// "exec:" + command; the raw stdout bytes.
StatusOr<Bytes> runExec(AdbDevice& device, std::string_view command, const IoLimits& limits);

// Quotes one argument for the device's sh ('…' with embedded quotes escaped).
std::string shellQuote(std::string_view arg);

}  // namespace mxi::core::adb
