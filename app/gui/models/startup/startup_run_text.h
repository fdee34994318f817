// How one startup run reads on the Startup page (issue 45): its state (counted, warm-up,
// spoiled, failed, traced), why it is not counted, and milliseconds as the page prints them, so
// the strip charts' tooltips, the runs table and the statistics say the same thing.
#pragma once

#include <QString>

#include "core/startup/startup_run.h"

namespace mxi::gui {

// core/startup's runStatus named: "counted", "failed", "warm-up", "spoiled", "traced", "not counted".
QString runStatusName(core::startup::RunStatus status);
// "" for a counted run; else one line in the page's words for core/startup's rule (runStatus):
// "failed: crashed: …", "the warm-up launch (never counted)", "spoiled: the system served it
// WARM", "traced: stages only (the tracer slows the launch)".
QString whyNotCounted(const core::startup::StartupRun& run);

// 412 → "412", 412.5 → "412.5" (a median of an even count), grouped in the user's locale.
QString msText(double ms);

}  // namespace mxi::gui
