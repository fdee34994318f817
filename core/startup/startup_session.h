// Startup runs in a session file (issue 45): `mxi startup -o` writes them so `session summary`,
// `compare`, `export`, triage and the GUI read them like any recording. Each run is one
// kStartupRun record (its runJson), each issue a kIssue record; the header names the app, and
// its extras the mode and the activity.
#pragma once

#include <string>

#include "core/base/status.h"
#include "core/session/session_data.h"
#include "core/startup/startup_report.h"

namespace mxi::core::startup {

Status writeStartupSession(const std::string& path, const StartupReport& report, const std::string& device);

// The runs of a loaded session (judged again, so the rule in force applies), its issues and its
// mode; an error naming the file when it holds no startup run.
StatusOr<StartupReport> startupReportOf(const session::SessionData& data, const std::string& path);
bool hasStartupRuns(const session::SessionData& data);
// The runs alone, from the header and the kStartupRun records (what `session summary` reads
// without loading the rest); a record that is not a run's JSON is an error naming `path`.
StatusOr<StartupReport> startupRunsOf(const session::SessionHeader& header,
                                      const std::vector<session::SessionRecord>& records, const std::string& path);

}  // namespace mxi::core::startup
