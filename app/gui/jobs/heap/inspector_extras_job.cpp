#include "app/gui/jobs/heap/inspector_extras_job.h"

#include <algorithm>

#include "core/analysis/known_references.h"
#include "core/analysis/root_path.h"

namespace mxi::gui {

using core::hprof::ObjectIndex;

InspectorExtras computeInspectorExtras(const HeapDocument& doc, ObjectIndex object, const core::CancelToken& cancel) {
  InspectorExtras out;
  out.object = object;
  const auto& ix = *doc.index;
  auto referrers = core::analysis::findReferrers(ix, object, InspectorExtras::kMaxReferrers, cancel);
  if (!referrers.ok()) {
    out.error = QString::fromStdString(referrers.status().toString());
    return out;
  }
  out.referrers = std::move(*referrers);

  const core::analysis::KnownReferenceMatcher known(ix, core::analysis::builtinKnownReferences());
  core::NullProgress progress;
  const ObjectIndex targets[] = {object};
  auto paths = core::analysis::ShortestPaths::compute(*doc.graph, known, targets, progress, cancel);
  if (!paths.ok()) {
    out.error = QString::fromStdString(paths.status().toString());
    return out;
  }
  core::analysis::RootPath rootPath = core::analysis::rootPathTo(ix, **paths, known, object);
  out.path = std::move(rootPath.chain);
  out.pathObjects = std::move(rootPath.objects);
  if (!out.pathObjects.empty()) out.pathNote = QString::fromStdString(rootPath.note);

  if (ix.kindOf(object) == core::hprof::ObjectKind::kClass) {
    if (auto cls = ix.classForObject(object)) {
      auto all = core::analysis::findInstances(ix, *cls, SIZE_MAX, cancel);
      if (!all.ok()) {
        out.error = QString::fromStdString(all.status().toString());
        return out;
      }
      out.instanceCount = all->total;
      auto& objs = all->objects;
      const auto& dom = *doc.dominators;
      const size_t keep = std::min(objs.size(), InspectorExtras::kMaxInstances);
      std::partial_sort(objs.begin(), objs.begin() + static_cast<std::ptrdiff_t>(keep), objs.end(),
                        [&](ObjectIndex a, ObjectIndex b) {
                          const uint64_t ra = dom.retainedBytes(a), rb = dom.retainedBytes(b);
                          return ra != rb ? ra > rb : a.value < b.value;
                        });
      objs.resize(keep);
      out.instances = std::move(objs);
    }
  }
  return out;
}

InspectorExtrasJob::InspectorExtrasJob(std::shared_ptr<HeapDocument> doc, ObjectIndex object, QObject* parent)
    : WorkerJob(QStringLiteral("object"), parent), m_doc(std::move(doc)), m_object(object) {}

void InspectorExtrasJob::start() {
  startWork(
      [this, doc = m_doc, object = m_object](core::ProgressSink&, const core::CancelToken& cancel) -> core::Status {
        auto extras = std::make_shared<const InspectorExtras>(computeInspectorExtras(*doc, object, cancel));
        if (cancel.isCancelled()) return core::cancelled();
        deliver([this, extras] { emit found(extras); });
        return core::okStatus();
      });
}

}  // namespace mxi::gui
