// The method trace page: a .trace (plain or gzip) read and judged on MethodTraceJob's thread,
// shown in a MethodTraceView; picking an R8/ProGuard mapping there opens it again through it.
#pragma once

#include <memory>

#include "app/gui/views/page.h"

class QAction;

namespace mxi::gui {

class MethodTraceJob;
class MethodTraceView;

class TracePage final : public Page {
  Q_OBJECT
 public:
  TracePage(const Settings& settings, QWidget* parent = nullptr);
  ~TracePage() override;
  bool hasDocument() const override { return m_view != nullptr; }
  MethodTraceView* view() const { return m_view; }
  QAction* openAction() const { return m_openAction; }  // File → Open method trace…

  void openMethodTrace(const QString& path, const QString& mappingPath = {});

 signals:
  void traceOpened();

 private:
  QAction* m_openAction;
  MethodTraceView* m_view = nullptr;
  std::unique_ptr<MethodTraceJob> m_job;
};

}  // namespace mxi::gui
