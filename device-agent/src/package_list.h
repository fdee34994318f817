// The installed packages for an app picker: `pm list packages [-3]` ("package:NAME" lines) joined
// with the process list, so each package says whether it runs and which pid is its main process.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "core/protocol/messages.h"

namespace mxi::agent {

// Package names from `pm list packages` output, in order; lines that are not "package:NAME"
// with a valid package name (validation.h) are skipped.
std::vector<std::string> parsePmListPackages(std::string_view text);

// True for the package's main process ("pkg") and its other processes ("pkg:suffix").
bool belongsToPackage(std::string_view process, std::string_view packageName);

// The packages sorted by name and without duplicates, each with its run state from `processes`.
std::vector<core::protocol::PackageInfo> joinPackagesWithProcesses(std::vector<std::string> packages,
                                                                   const std::vector<core::protocol::ProcessInfo>& processes);

}  // namespace mxi::agent
