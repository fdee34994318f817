// Argument validation: the wire can only choose among the agent's own collectors, and every
// value that reaches a tool's argv is checked here first.
#pragma once

#include <optional>
#include <string_view>

#include "core/devicetext/package_name.h"

namespace mxi::agent {

// Android package names (core/devicetext, where the desktop checks them too).
using core::devicetext::isValidPackageName;
// "package/Class" or "package/.Class" for `am start -n`: a valid package, a slash, then a class
// name of letters, digits, '_', '$' and dots (never a shell or option character).
bool isValidComponentName(std::string_view component);
// A decimal pid in 1..2^22 (Linux pid_max limit), nothing else.
std::optional<int> parsePid(std::string_view text);

}  // namespace mxi::agent
