#include "app/gui/heap_compare_job.h"

#include "app/gui/signal_progress.h"

namespace mxi::gui {

HeapCompareJob::HeapCompareJob(QString basePath, std::shared_ptr<const core::hprof::HeapIndex> current,
                               QString currentPath, QObject* parent)
    : QObject(parent), m_basePath(std::move(basePath)), m_currentPath(std::move(currentPath)), m_current(std::move(current)) {
  qRegisterMetaType<std::shared_ptr<mxi::gui::HeapComparison>>();
}

HeapCompareJob::~HeapCompareJob() {
  m_cancel.cancel();
  if (m_thread) {
    m_thread->wait();
    delete m_thread;
  }
}

void HeapCompareJob::start() {
  m_thread = QThread::create([this] { run(); });
  m_thread->start();
}

void HeapCompareJob::run() {
  SignalProgress progress(this, "progress");
  auto fail = [&](const core::Status& status) {
    const QString message = status.code() == core::StatusCode::kCancelled
                                ? QStringLiteral("Cancelled")
                                : QStringLiteral("%1: %2").arg(m_basePath, QString::fromStdString(status.toString()));
    QMetaObject::invokeMethod(this, [this, message] { emit failed(message); }, Qt::QueuedConnection);
  };
  auto base = core::hprof::openAndIndex(m_basePath.toStdString(), {}, {}, progress, m_cancel);
  if (!base.ok()) return fail(base.status());
  auto diff = core::analysis::diffHeaps(**base, *m_current, {}, progress, m_cancel);
  if (!diff.ok()) return fail(diff.status());
  auto comparison = std::make_shared<HeapComparison>();
  comparison->basePath = m_basePath;
  comparison->newPath = m_currentPath;
  comparison->diff = std::move(*diff);
  QMetaObject::invokeMethod(this, [this, comparison] { emit finished(comparison); }, Qt::QueuedConnection);
}

}  // namespace mxi::gui
