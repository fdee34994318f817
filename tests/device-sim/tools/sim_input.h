// The simulated `input keyevent [--longpress] KEY…`: HOME (KEYCODE_HOME, 3) brings the launcher
// to front, the app's activity stopped but alive (a later launch is HOT); BACK (KEYCODE_BACK, 4)
// on an app in front finishes its activity below Android 12 (a later launch is WARM) and, as
// Android 12+ does for a task's root launcher activity, moves the task back instead (HOT).
// Other keys change nothing here.
#pragma once

#include <string>
#include <vector>

#include "sim_context.h"

namespace mxi::sim {

int input(const Ctx& c, const std::vector<std::string>& args);

}  // namespace mxi::sim
