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

// Sorts files into their roles by content (framestats: a PROFILEDATA block; ANR: a "----- pid"
// header; methodMapping: "id,flags,class method desc" lines; otherwise Matrix issues). Files
// that cannot be read are reported in `error`.
CaptureFiles classifyCaptures(const QStringList& paths, QString& error);

}  // namespace mxi::gui
