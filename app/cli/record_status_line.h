// The lines `mxi record` prints about a recording: the status line of each second (and of the
// end), and the outage line that replaces it while the agent cannot be reached.
#pragma once

#include <string>

#include "core/agentlink/live_recorder.h"
#include "core/live/live_session.h"

namespace mxi::cli {

// live::formatLiveStatus of the figures, then "  1 outage, 22.0 s without data" when the agent
// was lost (each loss an outage until an agent answered again).
std::string formatStats(const core::live::LiveStatus& figures, const core::agentlink::RecordStats& stats);

// While an outage goes on: "agent unreachable for 12 s (device offline), retrying".
std::string formatOutage(const core::agentlink::RecordStats& stats);

}  // namespace mxi::cli
