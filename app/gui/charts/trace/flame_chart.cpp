#include "app/gui/charts/trace/flame_chart.h"

#include <QHelpEvent>
#include <QKeyEvent>
#include <QMouseEvent>
#include <QPainter>
#include <QToolTip>
#include <QWheelEvent>
#include <algorithm>
#include <cmath>

#include "app/gui/models/format.h"
#include "core/methodtrace/method_trace_verdicts.h"

namespace mxi::gui {

namespace {

using core::methodtrace::kNoCall;
using core::methodtrace::TraceCall;

// The app's code in warm colours, the platform's in cool grey-blues; the class picks the shade,
// so one class keeps one colour everywhere.
QColor colourOf(const core::methodtrace::TraceMethod& m) {
  const size_t h = std::hash<std::string>{}(m.className);
  if (core::methodtrace::isPlatformClass(m.className)) {
    return QColor::fromHsv(200 + static_cast<int>(h % 30), 40 + static_cast<int>(h % 50), 225);
  }
  return QColor::fromHsv(20 + static_cast<int>(h % 35), 150 + static_cast<int>(h % 80), 250);
}

QString shortName(const core::methodtrace::TraceMethod& m) {
  const size_t dot = m.className.rfind('.');
  const std::string cls = dot == std::string::npos ? m.className : m.className.substr(dot + 1);
  return QString::fromStdString(cls + "." + m.name);
}

}  // namespace

FlameChart::FlameChart(QWidget* parent) : QWidget(parent) {
  setMouseTracking(true);
  setFocusPolicy(Qt::StrongFocus);
  setMinimumHeight(kAxisHeight + 4 * kRowHeight);
}

const core::methodtrace::TraceThread* FlameChart::thread() const {
  if (!m_document || m_thread >= m_document->trace.threads.size()) return nullptr;
  return &m_document->trace.threads[m_thread];
}

void FlameChart::setThread(std::shared_ptr<const MethodTraceDocument> document, size_t threadIndex) {
  m_document = std::move(document);
  m_thread = threadIndex;
  m_selected = kNoCall;
  const auto* t = thread();
  int depth = 0;
  m_threadStartUs = 0;
  m_threadEndUs = 1;
  if (t && !t->calls.empty()) {
    m_threadStartUs = static_cast<double>(t->calls.front().startUs);
    for (const TraceCall& c : t->calls) {
      depth = std::max<int>(depth, c.depth + 1);
      m_threadStartUs = std::min(m_threadStartUs, static_cast<double>(c.startUs));
      m_threadEndUs = std::max(m_threadEndUs, static_cast<double>(c.endUs()));
    }
  }
  setMinimumHeight(kAxisHeight + std::max(depth, 4) * kRowHeight + 2);
  m_colours.clear();
  m_colours.reserve(m_document->trace.methods.size());
  for (const auto& m : m_document->trace.methods) m_colours.push_back(colourOf(m));
  m_slowDispatches.clear();
  const auto& report = m_document->report;
  if (report.mainThread && *report.mainThread == m_thread) {
    for (const auto& d : report.dispatches) {
      if (static_cast<int64_t>(d.wallUs) >= m_document->evilMethodMs * 1000) m_slowDispatches.push_back(d.call);
    }
  }
  zoomToFit();
}

void FlameChart::zoomToFit() { showRange(m_threadStartUs, std::max(m_threadEndUs, m_threadStartUs + 1)); }

void FlameChart::showRange(double startUs, double endUs) {
  m_startUs = startUs;
  m_endUs = std::max(endUs, startUs + 1);  // never narrower than a microsecond
  update();
}

void FlameChart::selectCall(uint32_t call) {
  const auto* t = thread();
  if (!t || call >= t->calls.size()) return;
  m_selected = call;
  update();
  emit callSelected(call);
}

void FlameChart::focusCall(uint32_t call) {
  const auto* t = thread();
  if (!t || call >= t->calls.size()) return;
  const TraceCall& c = t->calls[call];
  const double margin = std::max(c.wallUs * 0.05, 1.0);
  showRange(static_cast<double>(c.startUs) - margin, static_cast<double>(c.endUs()) + margin);
  selectCall(call);
}

double FlameChart::xOf(double us) const { return (us - m_startUs) / (m_endUs - m_startUs) * width(); }
double FlameChart::usOf(double x) const { return m_startUs + x / std::max(width(), 1) * (m_endUs - m_startUs); }

uint32_t FlameChart::callAt(QPoint point) const {
  const auto* t = thread();
  if (!t || point.y() < kAxisHeight) return kNoCall;
  const int depth = (point.y() - kAxisHeight) / kRowHeight;
  const double us = usOf(point.x());
  // Walk down from the top-level call under the pointer to the one at that depth.
  uint32_t i = 0;
  const auto end = static_cast<uint32_t>(t->calls.size());
  while (i < end) {
    const TraceCall& c = t->calls[i];
    const bool inside = us >= static_cast<double>(c.startUs) && us <= static_cast<double>(c.endUs());
    if (!inside) {
      i = c.next > i ? c.next : i + 1;
      continue;
    }
    if (c.depth == depth) return i;
    ++i;  // into its callees
  }
  return kNoCall;
}

void FlameChart::paintAxis(QPainter& p) {
  p.fillRect(0, 0, width(), kAxisHeight, palette().window());
  const double span = m_endUs - m_startUs;
  const double raw = span / std::max(width() / 100, 1);
  const double magnitude = std::pow(10.0, std::floor(std::log10(std::max(raw, 1.0))));
  double step = magnitude;
  for (double f : {1.0, 2.0, 5.0, 10.0}) {
    if (magnitude * f >= raw) {
      step = magnitude * f;
      break;
    }
  }
  p.setPen(palette().color(QPalette::WindowText));
  for (double t = std::ceil(m_startUs / step) * step; t <= m_endUs; t += step) {
    const int x = static_cast<int>(xOf(t));
    p.drawLine(x, kAxisHeight - 5, x, kAxisHeight);
    p.drawText(x + 3, kAxisHeight - 7, durationText(t));
  }
  p.drawLine(0, kAxisHeight - 1, width(), kAxisHeight - 1);
}

void FlameChart::paintEvent(QPaintEvent*) {
  QPainter p(this);
  p.fillRect(rect(), palette().base());
  paintAxis(p);
  const auto* t = thread();
  if (!t) return;
  const auto& methods = m_document->trace.methods;
  const QFontMetrics metrics(font());
  const auto end = static_cast<uint32_t>(t->calls.size());
  for (uint32_t i = 0; i < end;) {
    const TraceCall& c = t->calls[i];
    const double x0 = xOf(static_cast<double>(c.startUs)), x1 = xOf(static_cast<double>(c.endUs()));
    const uint32_t skip = c.next > i ? c.next : i + 1;
    if (x1 < 0 || x0 > width() || x1 - x0 < 0.5) {  // off screen, or too thin to tell apart
      i = skip;
      continue;
    }
    const int y = kAxisHeight + c.depth * kRowHeight;
    if (y > height()) {
      i = skip;
      continue;
    }
    const QRectF bar(std::max(x0, -1.0), y, std::min(x1, width() + 1.0) - std::max(x0, -1.0), kRowHeight - 1);
    const auto& m = methods[c.method];
    p.fillRect(bar, m_colours[c.method]);
    if (std::binary_search(m_slowDispatches.begin(), m_slowDispatches.end(), i))
      p.fillRect(QRectF(bar.left(), bar.top(), bar.width(), 3), QColor(210, 30, 30));
    if (i == m_selected) {
      p.setPen(QPen(QColor(20, 20, 20), 2));
      p.drawRect(bar.adjusted(1, 1, -1, -1));
    }
    if (bar.width() > 40) {
      p.setPen(QColor(30, 30, 30));
      const QString label = shortName(m) + QStringLiteral("  ") + durationText(c.wallUs);
      p.drawText(bar.adjusted(3, 0, -2, 0), Qt::AlignVCenter | Qt::AlignLeft,
                 metrics.elidedText(label, Qt::ElideRight, static_cast<int>(bar.width()) - 5));
    }
    ++i;
  }
}

void FlameChart::zoomAround(double x, double factor) {
  const double at = usOf(x);
  const double start = at - (at - m_startUs) * factor, end = at + (m_endUs - at) * factor;
  showRange(std::max(start, m_threadStartUs - (m_threadEndUs - m_threadStartUs)),
            std::min(end, m_threadEndUs + (m_threadEndUs - m_threadStartUs)));
}

void FlameChart::wheelEvent(QWheelEvent* event) {
  const double steps = event->angleDelta().y() / 120.0;
  if (steps == 0) return;
  zoomAround(event->position().x(), std::pow(0.8, steps));
  event->accept();
}

void FlameChart::mousePressEvent(QMouseEvent* event) {
  m_pressAt = event->pos();
  m_pressStartUs = m_startUs;
  m_dragged = false;
  setFocus();
}

void FlameChart::mouseMoveEvent(QMouseEvent* event) {
  if (!(event->buttons() & Qt::LeftButton)) return;
  const int dx = event->pos().x() - m_pressAt.x();
  if (std::abs(dx) > 3) m_dragged = true;
  if (!m_dragged) return;
  const double span = m_endUs - m_startUs;
  const double start = m_pressStartUs - dx / std::max(width(), 1) * span;
  showRange(start, start + span);
}

void FlameChart::mouseReleaseEvent(QMouseEvent* event) {
  if (m_dragged || event->button() != Qt::LeftButton) return;
  const uint32_t call = callAt(event->pos());
  if (call == kNoCall) return;
  m_selected = call;
  update();
  emit callSelected(call);
}

void FlameChart::mouseDoubleClickEvent(QMouseEvent* event) {
  const uint32_t call = callAt(event->pos());
  if (call == kNoCall) {
    zoomToFit();
    return;
  }
  const TraceCall& c = thread()->calls[call];
  const double margin = std::max(c.wallUs * 0.05, 1.0);
  showRange(static_cast<double>(c.startUs) - margin, static_cast<double>(c.endUs()) + margin);
}

void FlameChart::keyPressEvent(QKeyEvent* event) {
  const double span = m_endUs - m_startUs;
  switch (event->key()) {
    case Qt::Key_Plus:
    case Qt::Key_Equal: zoomAround(width() / 2.0, 0.5); break;
    case Qt::Key_Minus: zoomAround(width() / 2.0, 2.0); break;
    case Qt::Key_Left: showRange(m_startUs - span / 10, m_endUs - span / 10); break;
    case Qt::Key_Right: showRange(m_startUs + span / 10, m_endUs + span / 10); break;
    case Qt::Key_0: zoomToFit(); break;
    default: QWidget::keyPressEvent(event);
  }
}

bool FlameChart::event(QEvent* event) {
  if (event->type() == QEvent::ToolTip) {
    auto* help = static_cast<QHelpEvent*>(event);
    const uint32_t call = callAt(help->pos());
    if (call == kNoCall) {
      QToolTip::hideText();
      return true;
    }
    const TraceCall& c = thread()->calls[call];
    const auto& m = m_document->trace.methods[c.method];
    QString tip = QString::fromStdString(m.displayName()) + QStringLiteral("\n") + durationText(c.wallUs) +
                  QStringLiteral(" wall");
    if (m_document->trace.hasCpuClock()) tip += QStringLiteral(", ") + durationText(c.cpuUs) + QStringLiteral(" CPU");
    tip += QStringLiteral("\nat ") + durationText(static_cast<double>(c.startUs));
    if (!m.sourceFile.empty()) {
      tip += QStringLiteral("\n") + QString::fromStdString(m.sourceFile) +
             (m.line > 0 ? QStringLiteral(":%1").arg(m.line) : QString());
    }
    QToolTip::showText(help->globalPos(), tip, this);
    return true;
  }
  return QWidget::event(event);
}

}  // namespace mxi::gui
