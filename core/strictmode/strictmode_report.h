// A StrictModeReport from the agent as the issues it stands for: its raw text read with
// strictmode_text.h, what the agent's stream parser knew (a cut report, the pid and tid) carried
// into each violation, and each violation mapped by violationToIssue. The issues come out in the
// agent's own Matrix issue form, so the live recorder stores them as it stores those
// (core/agentlink/strictmode_record.h).
#pragma once

#include <string>
#include <vector>

#include "core/protocol/messages.h"

namespace mxi::core::strictmode {

// The issues of one report (usually one; none when the text holds no violation or only main-thread
// IO too short for IOCanary's rule), logTag "StrictMode". `package` names the process when the
// report names none (a logcat line gives only a pid).
std::vector<protocol::MatrixIssue> reportToIssues(const protocol::StrictModeReport& report, const std::string& package);

}  // namespace mxi::core::strictmode
