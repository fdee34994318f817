// Feeds a recorded session (core/session) into a LiveSession up to a point in time, so the same
// dashboard shows live devices and recorded sessions, and a timeline can scrub through them.
#pragma once

#include <cstdint>

#include "core/live/live_session.h"
#include "core/session/session_data.h"

namespace mxi::gui {

// Everything recorded at or before `untilNs` (session clock; INT64_MAX for all). Times in the
// feed are relative to the session's first record.
void replaySession(const core::session::SessionData& data, int64_t untilNs, core::live::LiveSession& into);

}  // namespace mxi::gui
