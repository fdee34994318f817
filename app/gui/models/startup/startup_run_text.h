// How one startup run reads on the Startup page (issue 45): its state (counted, warm-up,
// spoiled, failed, traced), why it is not counted, and milliseconds as the page prints them, so
// the strip charts' tooltips, the runs table and the statistics say the same thing.
#pragma once

#include <QString>

#include "core/startup/startup_run.h"

namespace mxi::gui {

enum class RunState { kCounted, kWarmUp, kSpoiled, kFailed, kTraced, kNotCounted };

// A failure wins over the warm-up (a warm-up that crashed says so), then warm-up, traced, spoiled.
RunState runState(const core::startup::StartupRun& run);
QString runStateName(RunState state);  // "counted", "warm-up", "spoiled", "failed", "traced", "not counted"
// "" for a counted run; else one line: "the warm-up launch (never counted)", "spoiled: the system
// served it WARM", "failed: crashed: …", "traced: stages only (the tracer slows the launch)".
QString whyNotCounted(const core::startup::StartupRun& run);

// 412 → "412", 412.5 → "412.5" (a median of an even count), grouped in the user's locale.
QString msText(double ms);

}  // namespace mxi::gui
