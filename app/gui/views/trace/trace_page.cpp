#include "app/gui/views/trace/trace_page.h"

#include <QAction>
#include <QFileDialog>
#include <QFileInfo>

#include "app/gui/jobs/trace/method_trace_job.h"
#include "app/gui/views/trace/method_trace_view.h"
#include "core/triage/capture_mapping.h"

namespace mxi::gui {

TracePage::TracePage(const Settings& settings, QWidget* parent)
    : Page(settings, parent), m_openAction(new QAction(tr("Open method &trace…"), this)) {
  connect(m_openAction, &QAction::triggered, this, [this] {
    const QString path = QFileDialog::getOpenFileName(this, tr("Open method trace"), QString(),
                                                      tr("Method traces (*.trace *.trace.gz);;All files (*)"));
    if (!path.isEmpty()) openMethodTrace(path);
  });
}

TracePage::~TracePage() = default;

void TracePage::openMethodTrace(const QString& path, const QString& mappingPath) {
  const QString absolute = QFileInfo(path).absoluteFilePath();
  // A .trace names no app or build, so Settings' per-version mappings cannot be picked for it: the
  // build's mapping is taken from beside it (`X.trace.mapping.txt`, the sidecar `mxi triage`
  // reads, docs/TRIAGE.md), else from the view's "R8/ProGuard mapping…".
  const QString sidecar = QString::fromStdString(core::triage::sidecarMappingPath(absolute.toStdString()));
  const QString mappingFile = mappingPath.isEmpty() && QFileInfo::exists(sidecar) ? sidecar : mappingPath;
  if (m_job) emit jobEnded(m_job.get());
  m_job = std::make_unique<MethodTraceJob>(absolute, settings().thresholds.evilMethodMs, mappingFile);
  connect(m_job.get(), &MethodTraceJob::loaded, this, [this](std::shared_ptr<const MethodTraceDocument> document) {
    emit jobEnded(m_job.get());
    auto* view = new MethodTraceView(document);
    replaceView(m_view, view);
    m_view = view;
    connect(m_view, &MethodTraceView::mappingChosen, this,
            [this, trace = document->path](const QString& mapping) { openMethodTrace(trace, mapping); });
    emit showRequested(tr("%1 — Matrix Inspector").arg(QFileInfo(document->path).fileName()));
    emit statusChanged(tr("%1: %2 events read and judged in %3 s; %4 issue(s)")
                           .arg(QFileInfo(document->path).fileName())
                           .arg(document->trace.records)
                           .arg(document->loadSeconds, 0, 'f', 2)
                           .arg(document->report.issues.size()));
    emit traceOpened();
  });
  connect(m_job.get(), &MethodTraceJob::failed, this, [this](const QString& message) {
    emit jobEnded(m_job.get());
    emit failed(message == QLatin1String("Cancelled") ? QString() : tr("Cannot open the method trace"), message);
  });
  emit statusChanged(tr("Opening %1…").arg(QFileInfo(absolute).fileName()));
  emit jobStarted(m_job.get());
  emit fileOpened(absolute);
  m_job->start();
}

}  // namespace mxi::gui
