#include "app/gui/heap_load_job.h"

#include <chrono>

#include "app/gui/signal_progress.h"

namespace mxi::gui {


HeapLoadJob::HeapLoadJob(QString path, HeapLoadOptions options, QObject* parent)
    : QObject(parent), m_path(std::move(path)), m_options(std::move(options)) {
  qRegisterMetaType<std::shared_ptr<mxi::gui::HeapDocument>>();
}

HeapLoadJob::~HeapLoadJob() {
  m_cancel.cancel();
  if (m_thread) {
    m_thread->wait();
    delete m_thread;
  }
}

void HeapLoadJob::start() {
  m_thread = QThread::create([this] { run(); });
  m_thread->start();
}

void HeapLoadJob::run() {
  const auto start = std::chrono::steady_clock::now();
  SignalProgress progress(this, "progress");
  auto fail = [&](const core::Status& status) {
    const QString message = status.code() == core::StatusCode::kCancelled
                                ? QStringLiteral("Cancelled")
                                : QStringLiteral("%1: %2").arg(m_path, QString::fromStdString(status.toString()));
    QMetaObject::invokeMethod(this, [this, message] { emit failed(message); }, Qt::QueuedConnection);
  };
  auto index = core::hprof::openAndIndex(m_path.toStdString(), {}, {}, progress, m_cancel);
  if (!index.ok()) return fail(index.status());
  auto doc = std::make_shared<HeapDocument>();
  doc->path = m_path;
  doc->index = *index;
  doc->graph = std::make_unique<core::analysis::HeapGraph>(*doc->index);
  core::analysis::DominatorOptions dominatorOptions;
  for (const std::string& name : m_options.excludedHeaps) {
    const auto heap = doc->index->findHeap(name);
    if (!heap) continue;
    if (dominatorOptions.countedHeaps.empty()) dominatorOptions.countedHeaps.assign(doc->index->heaps().size(), true);
    dominatorOptions.countedHeaps[*heap] = false;
    doc->excludedHeaps << QString::fromStdString(name);
  }
  auto dominators = core::analysis::HeapDominators::compute(*doc->graph, dominatorOptions, progress, m_cancel);
  if (!dominators.ok()) return fail(dominators.status());
  doc->dominators = std::move(*dominators);
  doc->dominatorTops = doc->dominators->children(core::hprof::kNoObject);  // also builds the child lists
  doc->histogram = core::hprof::classHistogramOfHeaps(*doc->index, dominatorOptions.countedHeaps);
  doc->classRetained = doc->dominators->classRetainedBytes(*doc->index);
  core::analysis::LeakOptions leakOptions;
  leakOptions.precomputed = doc->dominators.get();
  leakOptions.dominators = dominatorOptions;
  if (const auto* info = doc->index->source().matrixInfo(); info && !info->leakedActivityKey.empty()) {
    leakOptions.finders.matrixKey = info->leakedActivityKey;
  }
  auto leaks = core::analysis::analyzeLeaks(*doc->index, leakOptions, progress, m_cancel);
  if (!leaks.ok()) return fail(leaks.status());
  doc->leaks = std::move(*leaks);
  auto bitmaps = core::analysis::findDuplicateBitmaps(*doc->index, {}, progress, m_cancel);
  if (!bitmaps.ok()) return fail(bitmaps.status());
  doc->bitmaps = std::move(*bitmaps);
  auto duplicates = core::analysis::findDuplicateValues(*doc->index, {}, progress, m_cancel);
  if (!duplicates.ok()) return fail(duplicates.status());
  doc->duplicates = std::move(*duplicates);
  doc->loadSeconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  QMetaObject::invokeMethod(this, [this, doc] { emit finished(doc); }, Qt::QueuedConnection);
}

}  // namespace mxi::gui
