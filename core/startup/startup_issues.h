// Matrix StartupTracer's thresholds turned into Trace_StartUp issues over repeated launches
// (issue 45): each counted or traced run whose time to initial display (else TotalTime) reaches
// the threshold of its launch state, cold ≥ 10 s and warm or hot ≥ 4 s by default (Matrix's
// TraceConfig defaults). A traced run's issue carries its own method stacks (its traceIssueJson);
// the others carry the figures only.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "core/startup/startup_run.h"

namespace mxi::core::startup {

struct StartupThresholds {
  int64_t coldMs = 10000;
  int64_t warmMs = 4000;  // warm and hot launches
};

// Issue JSON texts (one object each, Matrix's Trace_StartUp keys: detail "STARTUP",
// startup_duration, is_warm_start_up, application_create…, plus launch_state, run_index,
// am_total_time, am_wait_time), slowest first.
std::vector<std::string> startupIssues(const std::vector<StartupRun>& runs, const std::string& package,
                                       const StartupThresholds& thresholds = {});

}  // namespace mxi::core::startup
