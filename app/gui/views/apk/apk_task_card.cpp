#include "app/gui/views/apk/apk_task_card.h"

#include <QLabel>
#include <QToolButton>
#include <QVBoxLayout>
#include <algorithm>

#include "app/gui/models/format.h"

namespace mxi::gui {

ApkTaskCard::ApkTaskCard(const core::apkcheck::TaskResult& task, QWidget* parent)
    : QFrame(parent),
      m_task(task),
      m_option(QString::fromStdString(task.option)),
      m_verdict(new QLabel(QString::fromStdString(task.verdict))),
      m_savings(new QLabel),
      m_error(new QLabel(QString::fromStdString(task.error))),
      m_findings(new QLabel) {
  setObjectName(QStringLiteral("apkTaskCard"));
  setFrameShape(QFrame::StyledPanel);
  setSizePolicy(QSizePolicy::Preferred, QSizePolicy::Maximum);
  auto* layout = new QVBoxLayout(this);
  layout->setContentsMargins(8, 6, 8, 6);
  layout->setSpacing(2);
  auto* title = new QLabel(QStringLiteral("<b>%1</b> <span style='color:#666'>%2 · task %3</span>")
                               .arg(m_option.toHtmlEscaped(), QString::fromStdString(task.description).toHtmlEscaped())
                               .arg(task.taskType));
  title->setWordWrap(true);
  layout->addWidget(title);
  m_verdict->setWordWrap(true);
  layout->addWidget(m_verdict);
  if (task.savableBytes > 0) {
    m_savings->setText(tr("saves %1").arg(humanBytes(task.savableBytes)));
    m_savings->setToolTip(exactBytes(task.savableBytes));
    m_savings->setStyleSheet(QStringLiteral("color:#b3261e; font-weight:bold"));
  }
  m_savings->setVisible(task.savableBytes > 0);
  layout->addWidget(m_savings);  // in the layout either way: the card owns it
  m_error->setWordWrap(true);
  m_error->setStyleSheet(QStringLiteral("color:#b3261e"));
  m_error->setVisible(!task.error.empty());
  layout->addWidget(m_error);
  m_findings->setTextFormat(Qt::PlainText);
  m_findings->setWordWrap(true);
  m_findings->setTextInteractionFlags(Qt::TextSelectableByMouse);
  layout->addWidget(m_findings);
  if (task.findings.size() > kTopFindings) {
    m_more = new QToolButton;
    m_more->setAutoRaise(true);
    layout->addWidget(m_more, 0, Qt::AlignLeft);
    connect(m_more, &QToolButton::clicked, this, [this] { setExpanded(!m_expanded); });
  }
  showFindings();
}

QString ApkTaskCard::verdictText() const { return m_verdict->text(); }
QString ApkTaskCard::savingsText() const { return m_savings->text(); }
QString ApkTaskCard::errorText() const { return m_error->text(); }
QString ApkTaskCard::findingsText() const { return m_findings->text(); }

QString ApkTaskCard::findingAmount(const core::apkcheck::TaskResult& task, uint64_t amount) {
  if (task.countUnit.empty()) return humanBytes(amount);
  return QStringLiteral("%1 %2").arg(groupedNumber(static_cast<qlonglong>(amount)),
                                     QString::fromStdString(task.countUnit));
}

void ApkTaskCard::setExpanded(bool expanded) {
  m_expanded = expanded;
  showFindings();
}

void ApkTaskCard::showFindings() {
  m_shown = m_expanded ? m_task.findings.size() : std::min(kTopFindings, m_task.findings.size());
  // Findings that all weigh nothing (the manifest's permissions) are listed without a number.
  const bool amounts = std::any_of(m_task.findings.begin(), m_task.findings.end(),
                                   [](const core::apkcheck::TaskFinding& f) { return f.bytes > 0; });
  QStringList lines;
  for (size_t i = 0; i < m_shown; ++i) {
    const core::apkcheck::TaskFinding& f = m_task.findings[i];
    QString line = amounts
                       ? QStringLiteral("%1  %2").arg(findingAmount(m_task, f.bytes), QString::fromStdString(f.subject))
                       : QString::fromStdString(f.subject);
    if (!f.detail.empty()) line += QStringLiteral(" — ") + QString::fromStdString(f.detail);
    lines << line;
  }
  m_findings->setText(lines.join(QLatin1Char('\n')));
  m_findings->setVisible(!lines.isEmpty());
  if (m_more) {
    m_more->setText(m_expanded ? tr("Show the top %1").arg(kTopFindings)
                               : tr("Show all %n finding(s)", nullptr, static_cast<int>(m_task.findings.size())));
  }
}

}  // namespace mxi::gui
