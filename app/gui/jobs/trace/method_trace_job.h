// Opening a method trace (.trace, plain or gzip) as a job: mapped, read, every thread's calls
// rebuilt, names taken through an R8/ProGuard mapping.txt when one is given, and the main thread
// judged with the evil-method threshold from Settings.
#pragma once

#include <QString>
#include <memory>

#include "app/gui/jobs/worker_job.h"
#include "app/gui/models/trace/method_trace_document.h"

namespace mxi::gui {

class MethodTraceJob : public WorkerJob {
  Q_OBJECT
 public:
  MethodTraceJob(QString path, int64_t evilMethodMs, QString mappingPath = {}, QObject* parent = nullptr);
  void start();

 signals:
  void loaded(std::shared_ptr<const mxi::gui::MethodTraceDocument> document);

 private:
  QString m_path;
  int64_t m_evilMethodMs;
  QString m_mappingPath;
};

}  // namespace mxi::gui
