// The plumbing every background job of the GUI shares: a worker thread running core code with
// progress forwarded as progress() signals, Cancel, a failed() signal carrying the Status as
// text ("Cancelled" when cancelled), and results handed back to the UI thread as queued calls
// that are dropped when the job is gone. Subclasses only say what to compute and what to emit.
#pragma once

#include <functional>
#include <QObject>
#include <QString>
#include <QThread>

#include "core/base/cancel_token.h"
#include "core/base/progress.h"
#include "core/base/status.h"

namespace mxi::gui {

class WorkerJob : public QObject {
  Q_OBJECT
 public:
  ~WorkerJob() override;  // cancels and waits for the worker
  void cancel() { m_cancel.cancel(); }
  bool isRunning() const { return m_thread && m_thread->isRunning(); }

 signals:
  void progress(const QString& phase, int permille);
  void failed(const QString& message);  // "Cancelled", or "<subject>: <what went wrong>"

 protected:
  // `subject` prefixes failure messages (the file being worked on).
  explicit WorkerJob(QString subject, QObject* parent = nullptr);
  // Runs `work` once on a new thread. It must not touch the subclass's members (the subclass may
  // be destroyed first): capture values, and hand results back with deliver().
  using Work = std::function<core::Status(core::ProgressSink& progress, const core::CancelToken& cancel)>;
  void startWork(Work work);
  // From the worker: runs `onUiThread` on this object's thread, unless the job is gone by then.
  void deliver(std::function<void()> onUiThread);

 private:
  QString m_subject;
  core::CancelToken m_cancel;
  QThread* m_thread = nullptr;
};

}  // namespace mxi::gui
