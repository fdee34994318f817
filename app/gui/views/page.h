// A page of the main window, as hotspot's start, record and results pages are: one concern's
// view, the openers that fill it and the actions it offers. The window only switches between
// pages and relays what they report — the status line, the job whose progress and Cancel the
// status bar follows, failures, files for the recent list — so a feature grows in its page,
// not in the window. Settings are the window's, read when a page opens something.
#pragma once

#include <QStringList>
#include <QWidget>

#include "app/gui/settings/settings.h"

class QVBoxLayout;

namespace mxi::gui {

class WorkerJob;

class Page : public QWidget {
  Q_OBJECT
 public:
  // Whether the page has something to show; one without is never made current.
  virtual bool hasDocument() const = 0;

 signals:
  void statusChanged(const QString& text);    // the status line
  void jobStarted(mxi::gui::WorkerJob* job);  // the status bar follows its progress and Cancel…
  void jobEnded(mxi::gui::WorkerJob* job);    // …until it ends (a later job owns it then)
  // Something could not be opened or saved: the status line and the window's openFailed(); with
  // a title also a dialog (a cancelled open comes without one).
  void failed(const QString& title, const QString& message);
  void fileOpened(const QString& path);            // for the recent files
  void openRequested(const QStringList& paths);    // opened by what each is (the window decides)
  void showRequested(const QString& windowTitle);  // make this page current ("" keeps the title)

 protected:
  Page(const Settings& settings, QWidget* parent);
  const Settings& settings() const { return m_settings; }
  // Shows `view` instead of `old` (null: none), which is deleted once control returns to the
  // event loop (its signals may still be on the stack).
  void replaceView(QWidget* old, QWidget* view);

 private:
  const Settings& m_settings;
  QVBoxLayout* m_layout;
};

}  // namespace mxi::gui
