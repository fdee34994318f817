#include "app/gui/jobs/session_loading.h"

#include "app/gui/settings/mapping_files.h"
#include "core/base/cancel_token.h"
#include "core/base/progress.h"
#include "core/session/session_reader.h"

namespace mxi::gui {

LoadedSession loadSessionFile(const QString& path, const QList<AppMapping>& mappings) {
  auto reader = core::session::SessionReader::open(path.toStdString());
  if (!reader.ok()) return reader.status();
  std::shared_ptr<const core::trace::MethodMapping> mapping;
  if (const AppMapping* files = findAppMapping(mappings, (*reader)->header().app)) {
    auto loaded = loadMappingFiles(*files);
    if (!loaded.ok()) return loaded.status().withContext("method mapping of " + (*reader)->header().app);
    mapping = std::move(*loaded);
  }
  core::NullProgress progress;
  core::CancelToken cancel;
  return core::session::loadSession(**reader, progress, cancel, mapping.get());
}

}  // namespace mxi::gui
