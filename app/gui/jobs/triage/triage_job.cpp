#include "app/gui/jobs/triage/triage_job.h"

#include "core/triage/capture_files.h"

namespace mxi::gui {
namespace triage = core::triage;
namespace {

core::StatusOr<std::shared_ptr<TriageDocument>> readDocument(triage::TriageStore& store,
                                                             std::optional<triage::TriageRunReport> run) {
  auto doc = std::make_shared<TriageDocument>();
  doc->storeLocation = QString::fromStdString(store.location());
  ASSIGN_OR_RETURN(doc->view, triage::readTriageView(store, run ? &run->signaturesBefore : nullptr));
  for (const auto& s : doc->view.signatures) {
    ASSIGN_OR_RETURN(doc->occurrences[s.signature], store.occurrences(s.signature));
  }
  doc->run = std::move(run);
  return doc;
}

}  // namespace

TriageJob::TriageJob(QString store, QObject* parent) : WorkerJob(store, parent), m_store(std::move(store)) {
  connect(this, &TriageJob::loaded, this, [this] { m_busy = false; });
  connect(this, &WorkerJob::failed, this, [this] { m_busy = false; });
}

bool TriageJob::startWhenIdle(Work work) {
  if (m_busy) return false;
  waitForWork();  // its result is in: the thread is returning
  m_busy = startWork(std::move(work));
  return m_busy;
}

bool TriageJob::analyse(QStringList captures) {
  std::vector<std::string> paths;
  for (const QString& p : captures) paths.push_back(p.toStdString());
  const std::string location = m_store.toStdString();
  return startWhenIdle([this, paths, location](core::ProgressSink& progress, const core::CancelToken& cancel) {
    progress.report("opening the triage store", 0);
    ASSIGN_OR_RETURN(auto store, triage::openTriageStore(location));
    std::optional<triage::TriageRunReport> run;
    if (!paths.empty()) {
      progress.report("finding captures", 0);
      ASSIGN_OR_RETURN(const auto files, triage::findCaptures(paths));
      auto onProgress = [&](const triage::TriageProgress& p) {
        QString phase = tr("Analysing captures: %1 of %2 done").arg(p.done).arg(p.total);
        if (p.running) phase += tr(", %1 running").arg(p.running);
        if (p.etaSeconds > 0 && p.done < p.total)
          phase += tr(", about %1 left").arg(QString::fromStdString(triage::clockText(p.etaSeconds)));
        const int permille = p.total ? static_cast<int>(core::ProgressSink::kMax * p.done / p.total) : 0;
        progress.report(phase.toStdString(), permille);
      };
      ASSIGN_OR_RETURN(run, triage::runTriage(files, *store, {}, onProgress, cancel));
    }
    progress.report("reading the triage store", core::ProgressSink::kMax);
    ASSIGN_OR_RETURN(auto doc, readDocument(*store, std::move(run)));
    deliver([this, doc] { emit loaded(doc); });
    return core::okStatus();
  });
}

bool TriageJob::saveStatus(const QString& signature, const QString& status, const QString& note) {
  const std::string location = m_store.toStdString(), sig = signature.toStdString(), n = note.toStdString();
  const auto parsed = triage::parseStatus(status.toStdString());
  if (!parsed) return false;
  const triage::SignatureStatus value = *parsed;
  return startWhenIdle([this, location, sig, n, value](core::ProgressSink&, const core::CancelToken&) {
    ASSIGN_OR_RETURN(auto store, triage::openTriageStore(location));
    RETURN_IF_ERROR(store->setStatus(sig, value, n));
    ASSIGN_OR_RETURN(auto doc, readDocument(*store, std::nullopt));
    deliver([this, doc] { emit loaded(doc); });
    return core::okStatus();
  });
}

}  // namespace mxi::gui
