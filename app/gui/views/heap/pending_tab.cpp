#include "app/gui/views/heap/pending_tab.h"

#include <QHBoxLayout>
#include <QLabel>
#include <QProgressBar>
#include <QPushButton>
#include <QVBoxLayout>

namespace mxi::gui {

PendingTab::PendingTab(const QString& waitingFor, QWidget* parent) : QWidget(parent), m_waitingFor(waitingFor) {
  auto* layout = new QVBoxLayout(this);
  layout->addStretch();
  m_label = new QLabel(tr("Computing: %1…").arg(waitingFor));
  m_label->setAlignment(Qt::AlignCenter);
  m_label->setObjectName(QStringLiteral("pendingLabel"));
  m_bar = new QProgressBar;
  m_bar->setRange(0, 1000);
  m_bar->setMaximumWidth(420);
  m_cancel = new QPushButton(tr("Cancel"));
  connect(m_cancel, &QPushButton::clicked, this, &PendingTab::cancelRequested);
  layout->addWidget(m_label);
  auto* row = new QHBoxLayout;
  row->addStretch();
  row->addWidget(m_bar);
  row->addWidget(m_cancel);
  row->addStretch();
  layout->addLayout(row);
  layout->addStretch();
}

void PendingTab::progress(const QString& phase, int permille) {
  m_label->setText(tr("Computing: %1… (now: %2)").arg(m_waitingFor, phase));
  m_bar->setValue(permille);
}

void PendingTab::stop(const QString& why) {
  m_label->setText(tr("Not computed: %1 (%2).").arg(m_waitingFor, why));
  m_bar->hide();
  m_cancel->hide();
}

}  // namespace mxi::gui
