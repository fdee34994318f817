// The plumbing every background job of the GUI shares, and the only place the GUI starts a
// thread: a worker running core code with progress forwarded as progress() signals, Cancel, a
// failed() signal carrying the Status as text ("Cancelled" when cancelled), and results handed
// back to the UI thread as queued calls that are dropped when the job is gone. Subclasses only
// say what to compute and what to emit.
//
// The handed-back calls run in order, one per turn of the UI thread's event loop: a fast job's
// results arrive together, and shown back to back they would hold the UI thread for their sum.
//
// A job runs one piece of work at a time and may run again once it is done (the live device job
// lists apps, then records). Long-running work (device tracking, recording) runs until
// cancelled; a subclass whose work uses its own members calls stop() in its destructor, so the
// worker is gone before they are.
#pragma once

#include <QObject>
#include <QString>
#include <QThread>
#include <deque>
#include <functional>

#include "core/base/cancel_token.h"
#include "core/base/progress.h"
#include "core/base/status.h"

namespace mxi::gui {

class WorkerJob : public QObject {
  Q_OBJECT
 public:
  ~WorkerJob() override;  // stop()
  void cancel() { m_cancel.cancel(); }
  // Cancels and waits for the worker.
  void stop();
  bool isRunning() const { return m_thread && m_thread->isRunning(); }

 signals:
  void progress(const QString& phase, int permille);
  void failed(const QString& message);  // "Cancelled", or "<subject>: <what went wrong>"

 protected:
  // `subject` prefixes failure messages (the file being worked on).
  explicit WorkerJob(QString subject, QObject* parent = nullptr);
  // Runs `work` on a new thread with a fresh cancel token, once the previous run (if any) is done;
  // false while it is still running. Unless the subclass stops the job in its destructor, `work`
  // must not touch the subclass's members: capture values, and hand results back with deliver().
  using Work = std::function<core::Status(core::ProgressSink& progress, const core::CancelToken& cancel)>;
  bool startWork(Work work);
  // Blocks until the current run (if any) is done, without cancelling it.
  void waitForWork();
  // From the worker: runs `onUiThread` on this object's thread, unless the job is gone by then.
  void deliver(std::function<void()> onUiThread);

 private:
  void runDeliveredInNextTurn();

  std::deque<std::function<void()>> m_delivered;  // UI thread only: arrived, not yet run
  bool m_deliveryScheduled = false;
  QString m_subject;
  core::CancelToken m_cancel;
  QThread* m_thread = nullptr;
};

}  // namespace mxi::gui
