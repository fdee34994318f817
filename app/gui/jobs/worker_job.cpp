#include "app/gui/jobs/worker_job.h"

#include <QPointer>
#include <QTimer>

#include "app/gui/jobs/signal_progress.h"

namespace mxi::gui {

WorkerJob::WorkerJob(QString subject, QObject* parent) : QObject(parent), m_subject(std::move(subject)) {}

WorkerJob::~WorkerJob() { stop(); }

void WorkerJob::stop() {
  m_cancel.cancel();
  if (m_thread) {
    m_thread->wait();
    delete m_thread;
    m_thread = nullptr;
  }
}

void WorkerJob::waitForWork() {
  if (m_thread) m_thread->wait();
}

bool WorkerJob::startWork(Work work) {
  if (isRunning()) return false;
  if (m_thread) {
    m_thread->wait();
    delete m_thread;
  }
  m_cancel.reset();
  m_thread = QThread::create([this, work = std::move(work)] {
    SignalProgress progress(this, "progress");
    const core::Status status = work(progress, m_cancel);
    if (status.ok()) return;
    const QString message = status.code() == core::StatusCode::kCancelled || m_cancel.isCancelled()
                                ? QStringLiteral("Cancelled")
                                : QStringLiteral("%1: %2").arg(m_subject, QString::fromStdString(status.toString()));
    deliver([this, message] { emit failed(message); });
  });
  m_thread->start();
  return true;
}

void WorkerJob::deliver(std::function<void()> onUiThread) {
  QMetaObject::invokeMethod(
      this,
      [this, call = std::move(onUiThread)]() mutable {
        m_delivered.push_back(std::move(call));
        runDeliveredInNextTurn();
      },
      Qt::QueuedConnection);
}

void WorkerJob::runDeliveredInNextTurn() {
  if (m_deliveryScheduled || m_delivered.empty()) return;
  m_deliveryScheduled = true;
  QTimer::singleShot(0, this, [this] {
    m_deliveryScheduled = false;
    const auto call = std::move(m_delivered.front());
    m_delivered.pop_front();
    const QPointer<WorkerJob> alive(this);
    call();  // may delete this job (its owner is done with it)
    if (alive) runDeliveredInNextTurn();
  });
}

}  // namespace mxi::gui
