// One ApkChecker task's outcome as a card on the APK page: Matrix's task name and description,
// the verdict, the bytes acting on its findings would save, the top findings, and "Show all"
// for the rest; a task that could not run shows its error instead (the other cards still show).
#pragma once

#include <QFrame>

#include "core/apkcheck/task_result.h"

class QLabel;
class QToolButton;

namespace mxi::gui {

class ApkTaskCard final : public QFrame {
  Q_OBJECT
 public:
  static constexpr size_t kTopFindings = 3;

  explicit ApkTaskCard(const core::apkcheck::TaskResult& task, QWidget* parent = nullptr);
  const QString& option() const { return m_option; }
  QString verdictText() const;
  QString savingsText() const;  // "saves 1.2 MiB", or empty
  QString errorText() const;    // empty when the task ran
  // How many findings are listed now (kTopFindings, or all once expanded).
  size_t shownFindings() const { return m_shown; }
  bool expanded() const { return m_expanded; }
  void setExpanded(bool expanded);
  QString findingsText() const;

  // A finding's number as the card prints it: bytes, or a count in the task's unit.
  static QString findingAmount(const core::apkcheck::TaskResult& task, uint64_t amount);

 private:
  void showFindings();

  core::apkcheck::TaskResult m_task;
  QString m_option;
  QLabel* m_verdict;
  QLabel* m_savings;
  QLabel* m_error;
  QLabel* m_findings;
  QToolButton* m_more = nullptr;
  bool m_expanded = false;
  size_t m_shown = 0;
};

}  // namespace mxi::gui
