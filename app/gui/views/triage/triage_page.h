// The triage page: many captures analysed into a triage store (an SQLite file or PostgreSQL) on
// TriageJob's thread, the store read back and shown in a TriageView; statuses written back. A
// heap dump picked there opens in the heap page (openCaptureRequested).
#pragma once

#include <memory>

#include "app/gui/views/page.h"

class QAction;

namespace mxi::gui {

class TriageJob;
class TriageView;

class TriagePage final : public Page {
  Q_OBJECT
 public:
  TriagePage(const Settings& settings, QWidget* parent = nullptr);
  ~TriagePage() override;
  bool hasDocument() const override { return m_view != nullptr; }
  TriageView* view() const { return m_view; }
  QAction* openAction() const { return m_openAction; }  // File → Open triage…

  // Analyses `captures` (files or folders; none: just reads the store) into `store`, then shows it.
  void openTriage(const QString& store, const QStringList& captures = {});

 signals:
  void triageOpened();  // the view shows the store as the latest job read it
  void openCaptureRequested(const QString& path, const QString& leakSignature, quint64 objectId);

 private:
  void chooseTriage();
  void createView();
  void watch(TriageJob* job);

  QAction* m_openAction;
  TriageView* m_view = nullptr;
  std::unique_ptr<TriageJob> m_job;
};

}  // namespace mxi::gui
