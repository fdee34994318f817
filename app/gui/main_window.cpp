#include "app/gui/main_window.h"

#include <QDragEnterEvent>
#include <QFileDialog>
#include <QFileInfo>
#include <QLabel>
#include <QListWidget>
#include <QMenuBar>
#include <QMessageBox>
#include <QMimeData>
#include <QProgressBar>
#include <QPushButton>
#include <QSettings>
#include <QStackedWidget>
#include <QStatusBar>
#include <QVBoxLayout>

#include "app/gui/heap_browser.h"
#include "app/gui/heap_load_job.h"

namespace mxi::gui {

MainWindow::MainWindow(QWidget* parent) : QMainWindow(parent) {
  setWindowTitle(tr("Matrix Inspector"));
  setAcceptDrops(true);
  resize(1280, 800);
  m_stack = new QStackedWidget;
  m_stack->addWidget(makeStartPage());
  setCentralWidget(m_stack);

  auto* file = menuBar()->addMenu(tr("&File"));
  file->addAction(tr("&Open dump…"), QKeySequence::Open, this, &MainWindow::chooseDump);
  file->addSeparator();
  file->addAction(tr("&Quit"), QKeySequence::Quit, this, &QWidget::close);

  m_phase = new QLabel;
  m_progress = new QProgressBar;
  m_progress->setRange(0, 1000);
  m_progress->setMaximumWidth(240);
  m_cancel = new QPushButton(tr("Cancel"));
  statusBar()->addWidget(m_phase, 1);
  statusBar()->addPermanentWidget(m_progress);
  statusBar()->addPermanentWidget(m_cancel);
  m_progress->hide();
  m_cancel->hide();
  connect(m_cancel, &QPushButton::clicked, this, [this] {
    if (m_job) m_job->cancel();
  });
}

MainWindow::~MainWindow() = default;

QWidget* MainWindow::makeStartPage() {
  auto* page = new QWidget;
  auto* layout = new QVBoxLayout(page);
  layout->setContentsMargins(48, 48, 48, 48);
  auto* title = new QLabel(tr("<h1>Matrix Inspector</h1><p>Open an Android or HotSpot heap dump (.hprof, .hprof.gz, "
                              "or a Matrix upload .zip) — or drop one here — to see its leaks, duplicate bitmaps, "
                              "classes, dominators and duplicate strings.</p>"));
  title->setWordWrap(true);
  layout->addWidget(title);
  auto* open = new QPushButton(tr("Open dump…"));
  open->setMaximumWidth(200);
  connect(open, &QPushButton::clicked, this, &MainWindow::chooseDump);
  layout->addWidget(open);
  layout->addWidget(new QLabel(tr("<h3>Recent files</h3>")));
  m_recent = new QListWidget;
  connect(m_recent, &QListWidget::itemActivated, this, [this](QListWidgetItem* item) { openDump(item->text()); });
  layout->addWidget(m_recent, 1);
  refreshRecent();
  return page;
}

void MainWindow::refreshRecent() {
  m_recent->clear();
  m_recent->addItems(QSettings().value(QStringLiteral("recentFiles")).toStringList());
}

void MainWindow::rememberRecent(const QString& path) {
  QSettings settings;
  QStringList recent = settings.value(QStringLiteral("recentFiles")).toStringList();
  recent.removeAll(path);
  recent.prepend(path);
  while (recent.size() > 10) recent.removeLast();
  settings.setValue(QStringLiteral("recentFiles"), recent);
  refreshRecent();
}

void MainWindow::chooseDump() {
  const QString path = QFileDialog::getOpenFileName(this, tr("Open heap dump"), QString(),
                                                    tr("Heap dumps (*.hprof *.hprof.gz *.gz *.zip);;All files (*)"));
  if (!path.isEmpty()) openDump(path);
}

void MainWindow::openDump(const QString& path) {
  if (m_job) return;  // one load at a time
  const QString absolute = QFileInfo(path).absoluteFilePath();
  m_job = std::make_unique<HeapLoadJob>(absolute);
  connect(m_job.get(), &HeapLoadJob::progress, this, [this](const QString& phase, int permille) {
    m_phase->setText(tr("%1…").arg(phase));
    m_progress->setValue(permille);
  });
  connect(m_job.get(), &HeapLoadJob::finished, this, &MainWindow::loaded);
  connect(m_job.get(), &HeapLoadJob::failed, this, &MainWindow::failed);
  m_phase->setText(tr("Opening %1…").arg(QFileInfo(absolute).fileName()));
  m_progress->setValue(0);
  m_progress->show();
  m_cancel->show();
  rememberRecent(absolute);
  m_job->start();
}

void MainWindow::loaded(std::shared_ptr<HeapDocument> document) {
  m_job.reset();
  m_progress->hide();
  m_cancel->hide();
  m_phase->setText(tr("%1: opened and analysed in %2 s").arg(QFileInfo(document->path).fileName()).arg(document->loadSeconds, 0, 'f', 2));
  setWindowTitle(tr("%1 — Matrix Inspector").arg(QFileInfo(document->path).fileName()));
  if (m_browser) {
    m_stack->removeWidget(m_browser);
    m_browser->deleteLater();
  }
  m_browser = new HeapBrowser(std::move(document));
  m_stack->addWidget(m_browser);
  m_stack->setCurrentWidget(m_browser);
  emit dumpLoaded();
}

void MainWindow::failed(const QString& message) {
  m_job.reset();
  m_progress->hide();
  m_cancel->hide();
  m_phase->setText(message);
  emit dumpFailed(message);
  if (message != QLatin1String("Cancelled") && isVisible()) QMessageBox::warning(this, tr("Cannot open the dump"), message);
}

void MainWindow::dragEnterEvent(QDragEnterEvent* event) {
  if (event->mimeData()->hasUrls()) event->acceptProposedAction();
}

void MainWindow::dropEvent(QDropEvent* event) {
  const auto urls = event->mimeData()->urls();
  if (!urls.isEmpty() && urls.front().isLocalFile()) openDump(urls.front().toLocalFile());
}

}  // namespace mxi::gui
