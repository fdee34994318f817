// Raw captures QA attaches to bug reports — `dumpsys gfxinfo <pkg> framestats` output, logcat or
// JSON with Matrix issues, ANR traces, methodMapping.txt — opened as a session: core's import
// (the same as `mxi session import`: each window a scene, issues at their relative times, ANRs at
// the end of the frames) writes a session file, which then loads like any other.
#pragma once

#include <QList>
#include <QString>
#include <QStringList>

#include "app/gui/jobs/session/session_load_job.h"
#include "app/gui/settings/settings.h"

namespace mxi::gui {

struct CaptureFiles {
  QString framestats, issues, anr;
  QString methodMapping;  // optional methodMapping.txt for evil-method names
};

// Sorts files into their roles by content (framestats: a PROFILEDATA block; ANR: a "----- pid"
// header; methodMapping: "id,flags,class method desc" lines; otherwise Matrix issues). Files
// that cannot be read are reported in `error`.
CaptureFiles classifyCaptures(const QStringList& paths, QString& error);

// Imports the captures into `sessionPath` and loads it, on the calling thread (SessionLoadJob
// runs it off the UI thread). Call trees are named with the captures' methodMapping.txt, else
// with the app's mapping from `mappings` (Settings). Errors name the file.
LoadedSession importCaptureSession(const CaptureFiles& files, const QString& sessionPath,
                                   const QList<AppMapping>& mappings, core::ProgressSink& progress,
                                   const core::CancelToken& cancel);
LoadedSession importCaptureSession(const CaptureFiles& files, const QString& sessionPath,
                                   const QList<AppMapping>& mappings = {});

}  // namespace mxi::gui
