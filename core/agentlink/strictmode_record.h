// How a StrictModeReport from the agent becomes issue records: the IOCanary issues it stands for
// (core/strictmode/strictmode_report.h: the reading and the mapping are StrictMode's) stored in
// the same wrapper as the agent's Matrix issues (issue_record.h), so the issue feed, the session,
// the exports and `mxi triage` read them alike.
#pragma once

#include <string>
#include <vector>

#include "core/protocol/messages.h"

namespace mxi::core::agentlink {

// The issue records of one report (usually one; none when the text holds no violation or only
// main-thread IO too short for IOCanary's rule). `package` names the process when the report
// names none (a logcat line gives only a pid).
std::vector<std::string> strictModeRecordsJson(const protocol::StrictModeReport& report, const std::string& package);

}  // namespace mxi::core::agentlink
