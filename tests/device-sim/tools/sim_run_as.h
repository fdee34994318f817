// `run-as PKG [--user N] [CMD ARGS…]` as AOSP's system/core/run-as/run-as.cpp behaves: its
// checks in its order and its texts (bionic's error(): "run-as: MESSAGE" on stderr, exit 1), then
// CMD (else sh) in the app's data directory, <root>/data/data/PKG (created on first use: an
// installed app always has one). Packages are the ones `pm list packages` lists; system ones are
// refused as "not an application", those in MXI_SIM_NOT_DEBUGGABLE as "not debuggable".
#pragma once

#include <string>
#include <vector>

#include "sim_context.h"

namespace mxi::sim {

// Returns only on failure (the exit code); on success CMD replaces this process.
int runAs(const Ctx& c, const std::vector<std::string>& args);

}  // namespace mxi::sim
