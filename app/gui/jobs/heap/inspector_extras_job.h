// What the instance inspector finds about one object off the UI thread, because each part scans
// the whole heap: the objects that reference it, the shortest strong path from a GC root, and for
// a class object its instances by retained size. One job per object shown; replacing the job
// cancels the previous one and drops its result.
#pragma once

#include <QString>
#include <cstdint>
#include <memory>
#include <vector>

#include "app/gui/jobs/worker_job.h"
#include "app/gui/models/heap/heap_document.h"
#include "core/analysis/leak_analysis.h"
#include "core/analysis/object_inspection.h"

namespace mxi::gui {

struct InspectorExtras {
  core::hprof::ObjectIndex object = core::hprof::kNoObject;
  core::analysis::Referrers referrers;          // at most kMaxReferrers
  std::vector<core::analysis::ChainNode> path;  // from its GC root; empty: not strongly reachable
  std::vector<core::hprof::ObjectIndex> pathObjects;
  QString pathNote;  // why the path is an unusual one (core::analysis::RootPath::note); "" when ordinary
  std::vector<core::hprof::ObjectIndex> instances;  // for a class object: biggest retained first, at most kMaxInstances
  uint64_t instanceCount = 0;
  QString error;  // what could not be finished (the parts before it are filled in)

  static constexpr size_t kMaxReferrers = 500;
  static constexpr size_t kMaxInstances = 500;
};

// On the calling thread (house rule T1; the job runs it).
InspectorExtras computeInspectorExtras(const HeapDocument& doc, core::hprof::ObjectIndex object,
                                       const core::CancelToken& cancel);

class InspectorExtrasJob : public WorkerJob {
  Q_OBJECT
 public:
  InspectorExtrasJob(std::shared_ptr<HeapDocument> doc, core::hprof::ObjectIndex object, QObject* parent = nullptr);
  void start();

 signals:
  void found(std::shared_ptr<const mxi::gui::InspectorExtras> extras);

 private:
  std::shared_ptr<HeapDocument> m_doc;
  core::hprof::ObjectIndex m_object;
};

}  // namespace mxi::gui
