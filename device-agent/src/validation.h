// Argument validation: the wire can only choose among the agent's own collectors, and every
// value that reaches a tool's argv is checked here first.
#pragma once

#include <optional>
#include <string_view>

namespace mxi::agent {

// [A-Za-z][A-Za-z0-9_]*(\.[A-Za-z0-9_]+)+ and at most 255 bytes: Android package names.
bool isValidPackageName(std::string_view name);
// A decimal pid in 1..2^22 (Linux pid_max limit), nothing else.
std::optional<int> parsePid(std::string_view text);

}  // namespace mxi::agent
