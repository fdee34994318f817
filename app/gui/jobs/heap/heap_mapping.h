// The release-build step of opening a dump: which app and build the dump is (core::triage::
// readAppIdentity: BuildConfig, ActivityThread, a Matrix zip's result.info), which R8/ProGuard
// mapping.txt that names (Apply mapping…'s file, else Settings' entry for the package and
// versionCode), and the index renamed through it (core::analysis::applyMapping) before it is
// shared, so no analysis or view ever reads a minified name.
#pragma once

#include <QList>
#include <QString>

#include "app/gui/models/heap/heap_document.h"
#include "app/gui/settings/settings.h"
#include "core/base/cancel_token.h"
#include "core/base/progress.h"

namespace mxi::gui {

// Fills doc's app and mapping fields and renames `index` when a mapping applies. A mapping file
// that cannot be read or parsed, or that renames no class of the dump (another build's), is not an
// error of the open: doc.mappingError says why (file, line) and the names stay as the dump has
// them. Fails only when cancelled.
core::Status applyAppMapping(core::hprof::HeapIndex& index, const QList<AppMapping>& mappings,
                             const QString& mappingFile, HeapDocument& doc, core::ProgressSink& progress,
                             const core::CancelToken& cancel);

// openDump, HeapIndex::build, then applyAppMapping: the index every heap job starts from.
core::StatusOr<std::shared_ptr<const core::hprof::HeapIndex>> openIndexWithMapping(
    const QString& path, const QList<AppMapping>& mappings, const QString& mappingFile, HeapDocument& doc,
    core::ProgressSink& progress, const core::CancelToken& cancel);

}  // namespace mxi::gui
