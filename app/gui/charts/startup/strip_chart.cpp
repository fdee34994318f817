#include "app/gui/charts/startup/strip_chart.h"

#include <QHelpEvent>
#include <QLocale>
#include <QPainter>
#include <QToolTip>
#include <algorithm>
#include <cmath>

#include "app/gui/charts/chart_style.h"
#include "app/gui/models/startup/startup_run_text.h"

namespace mxi::gui {

namespace {

constexpr double kDotRadius = 4.5;
constexpr int kAxisWidth = 48;
constexpr int kTitleHeight = 22;
constexpr int kFooterHeight = 44;  // the column's title, then its median and p90 below
const QColor kCurrentColour(0x1e, 0x88, 0xe5);
const QColor kBaselineColour(0x75, 0x75, 0x75);

}  // namespace

StripScale stripScale(const std::vector<StripColumn>& columns) {
  double lo = std::numeric_limits<double>::max(), hi = std::numeric_limits<double>::lowest();
  for (const StripColumn& c : columns) {
    for (const StripDot& d : c.dots) {
      lo = std::min(lo, d.ms);
      hi = std::max(hi, d.ms);
    }
    if (c.hasLines) {
      lo = std::min(lo, c.median);
      hi = std::max(hi, c.p90);
    }
  }
  if (lo > hi) return {};
  // Room either side so no dot sits on the frame, then out to whole ticks.
  const double pad = std::max(1.0, (hi - lo) * 0.08);
  lo = std::max(0.0, lo - pad);
  hi += pad;
  // About six intervals (wholeTickStep aims at four over the span it is given): a strip chart is
  // tall and narrow, and coarser ticks would leave a quarter of it empty.
  const auto step = static_cast<double>(wholeTickStep(static_cast<uint64_t>(std::ceil((hi - lo) * 2 / 3))));
  StripScale scale;
  scale.step = step;
  scale.lo = std::floor(lo / step) * step;
  scale.hi = std::max(scale.lo + step, std::ceil(hi / step) * step);
  return scale;
}

double stripY(double ms, const StripScale& scale, double top, double bottom) {
  return bottom - (ms - scale.lo) / (scale.hi - scale.lo) * (bottom - top);
}

double stripJitter(int i) {
  // 0, then alternately right and left in growing steps, wrapping after seven positions.
  static constexpr double kOffsets[] = {0.0, 0.3, -0.3, 0.6, -0.6, 0.15, -0.45};
  return kOffsets[static_cast<size_t>(i) % std::size(kOffsets)];
}

StripChart::StripChart(QString title, std::vector<StripColumn> columns, QWidget* parent)
    : QWidget(parent), m_title(std::move(title)), m_columns(std::move(columns)), m_scale(stripScale(m_columns)) {
  setMouseTracking(true);
  setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Expanding);
}

QRectF StripChart::plotRect() const {
  return QRectF(kAxisWidth, kTitleHeight + 6, std::max(10, width() - kAxisWidth - 8),
                std::max(10, height() - kTitleHeight - kFooterHeight - 12));
}

QPointF StripChart::dotCentre(int column, int dot) const {
  const QRectF plot = plotRect();
  const double columnWidth = plot.width() / static_cast<double>(m_columns.size());
  const double centre = plot.left() + columnWidth * (column + 0.5);
  const double halfWidth = std::min(columnWidth * 0.5, 60.0);
  const StripDot& d = m_columns[static_cast<size_t>(column)].dots[static_cast<size_t>(dot)];
  return {centre + stripJitter(dot) * halfWidth, stripY(d.ms, m_scale, plot.top(), plot.bottom())};
}

std::pair<int, int> StripChart::dotAt(QPoint point) const {
  std::pair<int, int> best{-1, -1};
  double bestDistance = kDotRadius + 3;
  for (int c = 0; c < static_cast<int>(m_columns.size()); ++c) {
    for (int d = 0; d < static_cast<int>(m_columns[static_cast<size_t>(c)].dots.size()); ++d) {
      const QPointF delta = dotCentre(c, d) - QPointF(point);
      const double distance = std::hypot(delta.x(), delta.y());
      if (distance <= bestDistance) {
        bestDistance = distance;
        best = {c, d};
      }
    }
  }
  return best;
}

bool StripChart::event(QEvent* event) {
  if (event->type() != QEvent::ToolTip) return QWidget::event(event);
  auto* help = static_cast<QHelpEvent*>(event);
  const auto [column, dot] = dotAt(help->pos());
  if (column < 0) {
    QToolTip::hideText();
    event->ignore();
    return true;
  }
  QToolTip::showText(help->globalPos(), m_columns[static_cast<size_t>(column)].dots[static_cast<size_t>(dot)].tip,
                     this);
  return true;
}

void StripChart::paintEvent(QPaintEvent*) {
  QPainter p(this);
  p.setRenderHint(QPainter::Antialiasing);
  const QRectF plot = plotRect();
  QFont bold = font();
  bold.setBold(true);
  p.setFont(bold);
  p.drawText(QRectF(0, 0, width(), kTitleHeight), Qt::AlignCenter, m_title);
  p.setFont(font());

  // The y axis: a label and a faint grid line per tick.
  const QColor grid = palette().color(QPalette::Mid);
  for (double ms = m_scale.lo; ms <= m_scale.hi + 1e-9; ms += m_scale.step) {
    const double y = stripY(ms, m_scale, plot.top(), plot.bottom());
    p.setPen(QPen(grid, 0.5));
    p.drawLine(QPointF(plot.left(), y), QPointF(plot.right(), y));
    p.setPen(palette().color(QPalette::Text));
    p.drawText(QRectF(0, y - 8, kAxisWidth - 6, 16), Qt::AlignRight | Qt::AlignVCenter, QLocale().toString(ms, 'f', 0));
  }
  p.drawText(QRectF(0, plot.top() - kTitleHeight + 2, kAxisWidth - 6, 14), Qt::AlignRight | Qt::AlignVCenter, tr("ms"));

  const double columnWidth = plot.width() / static_cast<double>(std::max<size_t>(1, m_columns.size()));
  for (int c = 0; c < static_cast<int>(m_columns.size()); ++c) {
    const StripColumn& column = m_columns[static_cast<size_t>(c)];
    // The last column is the current set; any before it a baseline.
    const QColor colour = c + 1 == static_cast<int>(m_columns.size()) ? kCurrentColour : kBaselineColour;
    const double left = plot.left() + columnWidth * c;
    const double halfWidth = std::min(columnWidth * 0.5, 60.0);
    const double centre = left + columnWidth * 0.5;
    p.setPen(palette().color(QPalette::Text));
    const QString footer =
        column.hasLines ? tr("%1\nmedian %2\np90 %3").arg(column.title, msText(column.median), msText(column.p90))
                        : column.title;
    QFont small = font();
    small.setPointSizeF(small.pointSizeF() * 0.9);
    p.setFont(small);
    p.drawText(QRectF(left, plot.bottom() + 2, columnWidth, kFooterHeight), Qt::AlignHCenter | Qt::AlignTop, footer);
    p.setFont(font());
    if (column.hasLines) {
      const double lineHalf = halfWidth * 0.85;
      const double medianY = stripY(column.median, m_scale, plot.top(), plot.bottom());
      const double p90Y = stripY(column.p90, m_scale, plot.top(), plot.bottom());
      p.setPen(QPen(colour.darker(130), 2));
      p.drawLine(QPointF(centre - lineHalf, medianY), QPointF(centre + lineHalf, medianY));
      p.setPen(QPen(colour.darker(130), 1.5, Qt::DashLine));
      p.drawLine(QPointF(centre - lineHalf, p90Y), QPointF(centre + lineHalf, p90Y));
    }
    for (int d = 0; d < static_cast<int>(column.dots.size()); ++d) {
      const StripDot& dot = column.dots[static_cast<size_t>(d)];
      p.setPen(QPen(colour, 1.5));
      p.setBrush(dot.filled ? QBrush(colour) : QBrush(Qt::NoBrush));
      p.drawEllipse(dotCentre(c, d), kDotRadius, kDotRadius);
    }
    p.setBrush(Qt::NoBrush);
  }
}

}  // namespace mxi::gui
