#include "app/gui/views/heap/heap_page.h"

#include <QAction>
#include <QFile>
#include <QFileDialog>
#include <QFileInfo>

#include "app/gui/views/heap/heap_browser.h"

namespace mxi::gui {

HeapPage::HeapPage(const Settings& settings, QWidget* parent)
    : Page(settings, parent), m_openAction(new QAction(tr("&Open dump…"), this)) {
  m_openAction->setShortcut(QKeySequence::Open);
  connect(m_openAction, &QAction::triggered, this, &HeapPage::chooseDump);
}

HeapPage::~HeapPage() = default;

void HeapPage::chooseDump() {
  const QString path = QFileDialog::getOpenFileName(this, tr("Open heap dump"), QString(),
                                                    tr("Heap dumps (*.hprof *.hprof.gz *.gz *.zip);;All files (*)"));
  if (!path.isEmpty()) openDump(path);
}

void HeapPage::openDumpAt(const QString& path, const QString& leakSignature, quint64 objectId) {
  if (m_job) return;  // a dump is loading
  m_focusLeak = leakSignature;
  m_focusObject = objectId;
  openDump(path);
}

void HeapPage::openDump(const QString& path) {
  if (m_job) return;  // one load at a time
  const QString absolute = QFileInfo(path).absoluteFilePath();
  m_job = std::make_unique<HeapLoadJob>(
      absolute, HeapLoadOptions{settings().excludedHeapNames(), settings().knownReferencesFile.toStdString()});
  m_openClock.start();
  m_loadingBrowser = nullptr;
  connect(m_job.get(), &HeapLoadJob::progress, this, [this](const QString& phase, int permille) {
    if (m_loadingBrowser) m_loadingBrowser->showProgress(phase, permille);
  });
  connect(m_job.get(), &HeapLoadJob::indexed, this, &HeapPage::indexed);
  connect(m_job.get(), &HeapLoadJob::stageReady, this, [this](HeapStage stage) {
    if (!m_loadingBrowser) return;
    m_loadingBrowser->apply(stage);
    emit heapStageShown(stage);
    if (stage == HeapStage::kLeaksFound) noteMilestone("leaks-ready");
    if (stage == HeapStage::kRetained) {
      noteMilestone("retained-ready");
      noteMilestone("dominators-ready");
    }
  });
  connect(m_job.get(), &HeapLoadJob::finished, this, &HeapPage::loaded);
  connect(m_job.get(), &HeapLoadJob::failed, this, &HeapPage::loadFailed);
  emit statusChanged(tr("Opening %1…").arg(QFileInfo(absolute).fileName()));
  emit jobStarted(m_job.get());
  emit fileOpened(absolute);
  m_job->start();
}

// The index exists: the browser opens with Summary and Classes, the other tabs computing.
void HeapPage::indexed(std::shared_ptr<HeapDocument> document) {
  noteMilestone("index-ready");
  const QString title = tr("%1 — Matrix Inspector").arg(QFileInfo(document->path).fileName());
  auto* browser = new HeapBrowser(std::move(document));
  replaceView(m_browser, browser);
  m_browser = browser;
  m_loadingBrowser = m_browser;
  if (!m_focusLeak.isEmpty() || m_focusObject) {
    m_browser->focus(m_focusLeak, core::hprof::ObjectId{m_focusObject});
    m_focusLeak.clear();
    m_focusObject = 0;
  }
  connect(m_browser, &HeapBrowser::cancelRequested, this, [this] {
    if (m_job) m_job->cancel();
  });
  emit showRequested(title);
  noteMilestone("summary-ready");
  noteMilestone("classes-ready");
  emit dumpOpened();
}

void HeapPage::loaded(std::shared_ptr<HeapDocument> document) {
  emit jobEnded(m_job.get());
  m_job.reset();
  m_loadingBrowser = nullptr;
  emit statusChanged(tr("%1: opened and analysed in %2 s")
                         .arg(QFileInfo(document->path).fileName())
                         .arg(document->loadSeconds, 0, 'f', 2));
  emit dumpLoaded();
}

void HeapPage::noteMilestone(const char* name) {
  // MXI_GUI_TIMINGS=FILE: "NAME MS" per milestone, ms since the open began (tests/bench reads it).
  const QByteArray file = qgetenv("MXI_GUI_TIMINGS");
  if (file.isEmpty()) return;
  QFile out(QString::fromLocal8Bit(file));
  if (out.open(QIODevice::Append | QIODevice::Text)) {
    out.write(
        QStringLiteral("%1 %2\n").arg(QLatin1String(name)).arg(m_openClock.nsecsElapsed() / 1e6, 0, 'f', 1).toUtf8());
  }
}

void HeapPage::loadFailed(const QString& message) {
  emit jobEnded(m_job.get());
  m_job.reset();
  const bool cancelled = message == QLatin1String("Cancelled");
  if (m_loadingBrowser) {
    // What was computed stays usable; the tabs still waiting say why they will not fill in.
    m_loadingBrowser->stopPending(cancelled ? tr("cancelled") : message);
    m_loadingBrowser = nullptr;
  }
  emit failed(cancelled ? QString() : tr("Cannot open the dump"), message);
}

}  // namespace mxi::gui
