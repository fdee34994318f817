#include "app/gui/views/heap/heap_page.h"

#include <QAction>
#include <QFile>
#include <QFileDialog>
#include <QFileInfo>
#include <QHBoxLayout>
#include <QLabel>
#include <QToolButton>

#include "app/gui/models/heap/mapping_text.h"
#include "app/gui/views/heap/heap_browser.h"

namespace mxi::gui {

HeapPage::HeapPage(const Settings& settings, QWidget* parent)
    : Page(settings, parent),
      m_openAction(new QAction(tr("&Open dump…"), this)),
      m_applyMappingAction(new QAction(tr("Apply &mapping…"), this)) {
  m_openAction->setShortcut(QKeySequence::Open);
  connect(m_openAction, &QAction::triggered, this, &HeapPage::chooseDump);
  m_applyMappingAction->setToolTip(
      tr("Re-open this dump with the original names of an R8/ProGuard mapping.txt (for every app and version: "
         "Edit → Settings → Mappings)"));
  m_applyMappingAction->setEnabled(false);
  connect(m_applyMappingAction, &QAction::triggered, this, &HeapPage::chooseMapping);
}

HeapPage::~HeapPage() = default;

void HeapPage::chooseDump() {
  const QString path = QFileDialog::getOpenFileName(this, tr("Open heap dump"), QString(),
                                                    tr("Heap dumps (*.hprof *.hprof.gz *.gz *.zip);;All files (*)"));
  if (!path.isEmpty()) openDump(path);
}

void HeapPage::chooseMapping() {
  const QString path = QFileDialog::getOpenFileName(this, tr("R8/ProGuard mapping"), QString(),
                                                    tr("Mappings (mapping*.txt *.txt);;All files (*)"));
  if (!path.isEmpty()) applyMapping(path);
}

void HeapPage::applyMapping(const QString& mappingFile) {
  if (m_job || !m_browser) return;
  open(m_browser->document().path, QFileInfo(mappingFile).absoluteFilePath());
}

QString HeapPage::mappingText() const { return m_mappingLine ? m_mappingLine->text() : QString(); }

void HeapPage::openDumpAt(const QString& path, const QString& leakSignature, quint64 objectId) {
  if (m_job) return;  // a dump is loading
  m_focusLeak = leakSignature;
  m_focusObject = objectId;
  openDump(path);
}

void HeapPage::openDump(const QString& path) { open(path, {}); }

void HeapPage::open(const QString& path, const QString& mappingFile) {
  if (m_job) return;  // one load at a time
  const QString absolute = QFileInfo(path).absoluteFilePath();
  m_job = std::make_unique<HeapLoadJob>(
      absolute, HeapLoadOptions{settings().excludedHeapNames(), settings().knownReferencesFile.toStdString(),
                                settings().mappings, mappingFile});
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
  // Which names the dump shows, and Apply mapping…, beside the tabs.
  auto* corner = new QWidget;
  auto* cornerLayout = new QHBoxLayout(corner);
  cornerLayout->setContentsMargins(4, 0, 4, 0);
  m_mappingLine = new QLabel(mappingStatusText(*document));
  m_mappingLine->setObjectName(QStringLiteral("heapMapping"));
  m_mappingLine->setToolTip(document->mappingPath);
  if (!document->mappingError.isEmpty()) m_mappingLine->setStyleSheet(QStringLiteral("color: #c62828"));
  auto* apply = new QToolButton;
  apply->setDefaultAction(m_applyMappingAction);
  cornerLayout->addWidget(m_mappingLine);
  cornerLayout->addWidget(apply);
  const QString mappingError = document->mappingError;
  auto* browser = new HeapBrowser(std::move(document));
  browser->setCornerWidget(corner, Qt::TopRightCorner);
  replaceView(m_browser, browser);
  m_browser = browser;
  m_applyMappingAction->setEnabled(true);
  if (!mappingError.isEmpty()) emit statusChanged(tr("Mapping not applied: %1").arg(mappingError));
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
  QString status = tr("%1: opened and analysed in %2 s")
                       .arg(QFileInfo(document->path).fileName())
                       .arg(document->loadSeconds, 0, 'f', 2);
  if (document->mapping || !document->mappingError.isEmpty())
    status += QStringLiteral("; ") + mappingStatusText(*document);
  emit statusChanged(status);
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
