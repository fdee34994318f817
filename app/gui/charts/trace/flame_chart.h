// One thread of a method trace as a flame chart: time on x, call depth on y (callers above their
// callees), each call a bar as long as it ran. Wheel zooms around the pointer, dragging pans,
// double-click (or Zoom to fit) shows the whole thread, a click selects a call. Calls narrower
// than a pixel are not drawn one by one: their caller's bar stands for them.
#pragma once

#include <QColor>
#include <QWidget>
#include <memory>
#include <vector>

#include "app/gui/models/trace/method_trace_document.h"

namespace mxi::gui {

class FlameChart : public QWidget {
  Q_OBJECT
 public:
  explicit FlameChart(QWidget* parent = nullptr);
  void setThread(std::shared_ptr<const MethodTraceDocument> document, size_t thread);
  // Shows [startUs, endUs] across the width.
  void showRange(double startUs, double endUs);
  void zoomToFit();
  // Selects `call` (an index into the thread's calls); focusCall also zooms to it.
  void selectCall(uint32_t call);
  void focusCall(uint32_t call);
  uint32_t selectedCall() const { return m_selected; }
  double visibleStartUs() const { return m_startUs; }
  double visibleEndUs() const { return m_endUs; }
  // The call drawn at `point`, or kNoCall.
  uint32_t callAt(QPoint point) const;
  static constexpr int kRowHeight = 18;
  static constexpr int kAxisHeight = 22;

 signals:
  void callSelected(uint32_t call);

 protected:
  void paintEvent(QPaintEvent* event) override;
  void wheelEvent(QWheelEvent* event) override;
  void mousePressEvent(QMouseEvent* event) override;
  void mouseMoveEvent(QMouseEvent* event) override;
  void mouseReleaseEvent(QMouseEvent* event) override;
  void mouseDoubleClickEvent(QMouseEvent* event) override;
  void keyPressEvent(QKeyEvent* event) override;
  bool event(QEvent* event) override;  // tooltips

 private:
  const core::methodtrace::TraceThread* thread() const;
  double xOf(double us) const;
  double usOf(double x) const;
  void zoomAround(double x, double factor);
  void paintAxis(QPainter& painter);

  std::shared_ptr<const MethodTraceDocument> m_document;
  size_t m_thread = 0;
  double m_startUs = 0, m_endUs = 1;
  double m_threadStartUs = 0, m_threadEndUs = 1;
  uint32_t m_selected = core::methodtrace::kNoCall;
  std::vector<QColor> m_colours;           // per method, worked out once per thread shown
  std::vector<uint32_t> m_slowDispatches;  // main-thread dispatches over the threshold (red top edge)
  QPoint m_pressAt;
  double m_pressStartUs = 0;
  bool m_dragged = false;
};

}  // namespace mxi::gui
