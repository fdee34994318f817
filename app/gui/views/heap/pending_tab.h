// A heap browser tab whose data is still being computed: what it waits for, the work in
// progress and Cancel; when the load stops early, why the tab will not fill in.
#pragma once

#include <QWidget>

class QLabel;
class QProgressBar;
class QPushButton;

namespace mxi::gui {

class PendingTab final : public QWidget {
  Q_OBJECT
 public:
  explicit PendingTab(const QString& waitingFor, QWidget* parent = nullptr);
  void progress(const QString& phase, int permille);
  void stop(const QString& why);

 signals:
  void cancelRequested();

 private:
  QString m_waitingFor;
  QLabel* m_label;
  QProgressBar* m_bar;
  QPushButton* m_cancel;
};

}  // namespace mxi::gui
