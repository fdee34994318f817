// The simulated `cmd`: `cmd package resolve-activity [--brief|--components] [-a ACTION]
// [-c CATEGORY] [--user U] PACKAGE` as PackageManagerShellCommand answers it — the ResolveInfo
// line then the component (flattenToShortString) for an installed app's launcher activity
// (sim_launch_state.h), "No activity found" for a package it does not know. Without --brief it
// prints the same two lines (the full ResolveInfo dump is not simulated).
#pragma once

#include <string>
#include <vector>

#include "sim_context.h"

namespace mxi::sim {

int cmd(const Ctx& c, const std::vector<std::string>& args);

}  // namespace mxi::sim
