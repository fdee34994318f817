// Chrome trace-event JSON (the format chrome://tracing and ui.perfetto.dev open) of a session:
// frames as complete ("X") slices on UI-thread tracks, scenes as slices on their own track,
// issues, ANRs, marks and heap dumps as instant ("i") events with their details in args.
// Frames overlap in time (the pipeline is deeper than one vsync), so a frame that starts
// before the previous one ended goes to the next "UI thread" lane: slices on one track never
// overlap, as the format requires.
#pragma once

#include <nlohmann/json.hpp>

#include "core/session/session_data.h"

namespace mxi::core::exports {

nlohmann::ordered_json sessionToChromeTrace(const session::SessionData& data,
                                            const framestats::DropThresholds& thresholds = {});

}  // namespace mxi::core::exports
