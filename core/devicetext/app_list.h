// The apps of a device for an app picker: installed packages (`pm list packages [-3]`), the
// process list (`ps -A`, toybox or the old toolbox) and which packages run. One rule for the
// agent's PackageList and the desktop's picker: a package runs when any of its processes does
// ("pkg" or "pkg:suffix"); its main pid is the process named exactly like it.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "core/protocol/messages.h"

namespace mxi::core::devicetext {

// Package names, in order; lines that are not "package:NAME" with a valid name are skipped.
std::vector<std::string> parsePmListPackages(std::string_view text);

// Processes by the header's PID and USER columns (toybox `ps -A -o PID,USER,NAME` on Android 8+,
// toolbox `USER PID PPID … NAME` before); NAME is the last column.
std::vector<protocol::ProcessInfo> parseProcessList(std::string_view text);

// True for the package's main process ("pkg") and its other processes ("pkg:suffix").
bool belongsToPackage(std::string_view process, std::string_view packageName);

// The packages sorted by name and without duplicates, each with its run state from `processes`.
std::vector<protocol::PackageInfo> joinPackagesWithProcesses(std::vector<std::string> packages,
                                                             const std::vector<protocol::ProcessInfo>& processes);

}  // namespace mxi::core::devicetext
