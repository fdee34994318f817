// The Triage window's work off the UI thread: analysing a folder's captures into a store
// (core/triage runTriage: several at once within the memory budget, progress with an ETA,
// Cancel keeps what was stored), reading the store back, and writing a status or note.
#pragma once

#include <QString>
#include <QStringList>
#include <memory>

#include "app/gui/jobs/worker_job.h"
#include "app/gui/models/triage/triage_document.h"

namespace mxi::gui {

class TriageJob : public WorkerJob {
  Q_OBJECT
 public:
  // `store`: an SQLite file or postgresql://…
  explicit TriageJob(QString store, QObject* parent = nullptr);
  const QString& store() const { return m_store; }
  // Analyses `captures` (files or folders; none: just read the store), then loaded().
  bool analyse(QStringList captures);
  // Writes a signature's status and note, then loaded() with the store as it is now.
  bool saveStatus(const QString& signature, const QString& status, const QString& note);

 signals:
  void loaded(std::shared_ptr<const mxi::gui::TriageDocument> document);

 private:
  // Starts `work` once the previous one has delivered its result (its thread may still be ending).
  bool startWhenIdle(Work work);
  QString m_store;
  bool m_busy = false;  // until loaded() or failed() for the work started last; UI thread only
};

}  // namespace mxi::gui
