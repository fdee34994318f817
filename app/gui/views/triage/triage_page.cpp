#include "app/gui/views/triage/triage_page.h"

#include <QAction>
#include <QFileDialog>
#include <QInputDialog>
#include <QMessageBox>
#include <QPushButton>

#include "app/gui/jobs/triage/triage_job.h"
#include "app/gui/views/triage/triage_view.h"
#include "core/triage/triage_store.h"

namespace mxi::gui {

TriagePage::TriagePage(const Settings& settings, QWidget* parent)
    : Page(settings, parent), m_openAction(new QAction(tr("Open t&riage…"), this)) {
  connect(m_openAction, &QAction::triggered, this, &TriagePage::chooseTriage);
}

TriagePage::~TriagePage() = default;

void TriagePage::chooseTriage() {
  QMessageBox ask(QMessageBox::Question, tr("Open triage"),
                  tr("Triage many captures at once: their distinct problems, how often each shows, which are new."),
                  QMessageBox::Cancel, this);
  auto* folder = ask.addButton(tr("Analyse a folder…"), QMessageBox::AcceptRole);
  auto* file = ask.addButton(tr("Open a store file…"), QMessageBox::AcceptRole);
  auto* team = ask.addButton(tr("Team store (PostgreSQL)…"), QMessageBox::AcceptRole);
  ask.setInformativeText(tr("A folder is analysed into your store (%1): what it holds already is skipped.")
                             .arg(QString::fromStdString(core::triage::defaultStorePath())));
  ask.exec();
  if (ask.clickedButton() == folder) {
    const QString dir = QFileDialog::getExistingDirectory(this, tr("Folder of captures to triage"));
    if (!dir.isEmpty()) openTriage(QString::fromStdString(core::triage::defaultStorePath()), {dir});
  } else if (ask.clickedButton() == file) {
    const QString path = QFileDialog::getOpenFileName(this, tr("Open triage store"), QString(),
                                                      tr("Triage stores (*.sqlite);;All files (*)"));
    if (!path.isEmpty()) openTriage(path);
  } else if (ask.clickedButton() == team) {
    bool ok = false;
    const QString uri = QInputDialog::getText(this, tr("Team triage store"), tr("PostgreSQL connection URI:"),
                                              QLineEdit::Normal, QStringLiteral("postgresql://user@host/triage"), &ok);
    if (ok && !uri.isEmpty()) openTriage(uri);
  }
}

void TriagePage::createView() {
  m_view = new TriageView;
  replaceView(nullptr, m_view);
  connect(m_view, &TriageView::statusEdited, this,
          [this](const QString& signature, const QString& status, const QString& note) {
            if (!m_job || !m_job->saveStatus(signature, status, note)) {
              emit failed(tr("Triage"), tr("The store is busy; the status of %1 was not saved").arg(signature));
            }
          });
  connect(m_view, &TriageView::analyseRequested, this, [this](const QStringList& paths) {
    if (m_job) openTriage(m_job->store(), paths);
  });
  connect(m_view, &TriageView::openCaptureRequested, this, &TriagePage::openCaptureRequested);
}

void TriagePage::watch(TriageJob* job) {
  connect(job, &TriageJob::loaded, this, [this, job](std::shared_ptr<const TriageDocument> document) {
    emit jobEnded(job);
    m_view->setBusy(false);
    m_view->setDocument(std::move(document));
    emit statusChanged(tr("Triage: %1").arg(m_view->document()->storeLocation));
    emit showRequested(tr("Triage — Matrix Inspector"));
    emit triageOpened();
  });
  connect(job, &TriageJob::failed, this, [this, job](const QString& message) {
    emit jobEnded(job);
    m_view->setBusy(false);
    if (message == QLatin1String("Cancelled")) {
      // Every capture finished before Cancel is stored: show them.
      emit statusChanged(tr("Triage cancelled; showing what was stored"));
      if (job->analyse({})) m_view->setBusy(true);
      return;
    }
    emit failed(tr("Triage"), message);
  });
}

void TriagePage::openTriage(const QString& store, const QStringList& captures) {
  if (!m_view) createView();
  if (!m_job || m_job->store() != store) {
    if (m_job) emit jobEnded(m_job.get());
    m_job = std::make_unique<TriageJob>(store);
    watch(m_job.get());
  }
  if (!m_job->analyse(captures)) {
    emit failed(tr("Triage"), tr("A triage analysis is still running"));
    return;
  }
  m_view->setBusy(true);
  emit statusChanged(captures.isEmpty() ? tr("Reading the triage store…") : tr("Analysing captures…"));
  emit jobStarted(m_job.get());
  emit showRequested({});
}

}  // namespace mxi::gui
