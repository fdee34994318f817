// Opening a `.mxs` file for the desktop app: read and decoded with the method mappings the user
// set for its app (Settings). Below the views: the session view, capture import and the main
// window all load through it.
#pragma once

#include <memory>
#include <QList>
#include <QString>

#include "app/gui/settings/settings.h"
#include "core/base/status.h"
#include "core/session/session_data.h"

namespace mxi::gui {

using LoadedSession = core::StatusOr<std::shared_ptr<const core::session::SessionData>>;
// Opens and decodes a .mxs file (blocking: call it off the UI thread, e.g. with QtConcurrent).
// Evil-method call trees are named with the mapping files of the session's app (Settings).
LoadedSession loadSessionFile(const QString& path, const QList<AppMapping>& mappings = {});

}  // namespace mxi::gui
