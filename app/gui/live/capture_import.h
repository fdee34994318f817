// Raw captures QA attaches to bug reports — `dumpsys gfxinfo <pkg> framestats` output, logcat or
// JSON with Matrix issues, ANR traces — read into a LiveSession so the dashboard shows them.
// Frames keep their device clock; issues are placed by their own timestamps relative to the
// first one (captures share no clock), ANR reports at the start.
#pragma once

#include <QString>

#include "app/gui/live/live_session.h"

namespace mxi::gui {

struct CaptureFiles {
  QString framestats, issues, anr;
  QString methodMapping;  // optional methodMapping.txt for evil-method names
};

// Empty string on success, else what failed and where (file, byte offset).
QString importCaptures(const CaptureFiles& files, LiveSession& session);

}  // namespace mxi::gui
