#include "app/gui/jobs/heap/heap_mapping.h"

#include "core/analysis/heap_names.h"
#include "core/analysis/memory_budget.h"
#include "core/triage/capture_analysis.h"

namespace mxi::gui {

core::Status applyAppMapping(core::hprof::HeapIndex& index, const QList<AppMapping>& mappings,
                             const QString& mappingFile, HeapDocument& doc, core::ProgressSink& progress,
                             const core::CancelToken& cancel) {
  const core::triage::AppIdentity app = core::triage::readAppIdentity(index);
  doc.appPackage = QString::fromStdString(app.package);
  doc.appVersionCode = QString::fromStdString(app.versionCode);
  QString file = mappingFile;
  if (file.isEmpty() && !app.package.empty()) {
    if (const AppMapping* entry = findAppMapping(mappings, app.package, app.versionCode)) file = entry->proguardMapping;
  }
  if (file.isEmpty()) return core::okStatus();
  if (cancel.isCancelled() || !progress.report("Applying the mapping", 0)) return core::cancelled();
  auto mapping = core::analysis::loadMappingFile(file.toStdString());
  if (!mapping.ok()) {
    // The dump is still worth seeing with minified names; the browser and status bar say why.
    doc.mappingError = QString::fromStdString(mapping.status().message());
    return core::okStatus();
  }
  const core::hprof::NameStats renamed = core::analysis::applyMapping(index, **mapping);
  if (renamed.classes == 0) {
    doc.mappingError = QStringLiteral("%1 renames no class of this dump: is it the mapping of this build?").arg(file);
    return core::okStatus();
  }
  doc.mappingPath = file;
  doc.mapping = *mapping;
  return core::okStatus();
}

core::StatusOr<std::shared_ptr<const core::hprof::HeapIndex>> openIndexWithMapping(
    const QString& path, const QList<AppMapping>& mappings, const QString& mappingFile, HeapDocument& doc,
    core::ProgressSink& progress, const core::CancelToken& cancel) {
  ASSIGN_OR_RETURN(auto source, core::hprof::openDump(path.toStdString(), {}, progress, cancel));
  // A dump this machine cannot index (or whose dominator tree would not fit, checked by
  // HeapDominators) is refused with the figures (memory_budget.h), shown as the job's error,
  // instead of ending in the OOM killer.
  RETURN_IF_ERROR(core::analysis::checkIndexMemory(*source, 0).withContext(path.toStdString()));
  ASSIGN_OR_RETURN(auto index, core::hprof::HeapIndex::build(std::move(source), {}, progress, cancel));
  RETURN_IF_ERROR(applyAppMapping(*index, mappings, mappingFile, doc, progress, cancel));
  return std::shared_ptr<const core::hprof::HeapIndex>(std::move(index));
}

}  // namespace mxi::gui
