#include "app/gui/charts/session/frame_time_chart.h"

#include <QChart>
#include <QChartView>
#include <QLineSeries>
#include <QPen>
#include <QValueAxis>
#include <algorithm>

#include "app/gui/charts/chart_style.h"

namespace mxi::gui {

FrameTimeChart::FrameTimeChart(QWidget* parent) : QWidget(parent) {
  auto* chart = new QChart;
  chart->setTitle(tr("Frame time distribution"));
  m_line = new QLineSeries;
  m_line->setName(tr("frames"));
  chart->addSeries(m_line);
  m_x = new QValueAxis;
  m_x->setTitleText(tr("ms"));
  m_x->setLabelFormat(QStringLiteral("%d"));
  m_y = new QValueAxis;
  setCountAxisRange(m_y, 0);
  chart->addAxis(m_x, Qt::AlignBottom);
  chart->addAxis(m_y, Qt::AlignLeft);
  m_line->attachAxis(m_x);
  m_line->attachAxis(m_y);
  const QColor markers[] = {QColor(0x1e, 0x88, 0xe5), QColor(0xfb, 0x8c, 0x00), QColor(0xe5, 0x39, 0x35)};
  for (const QColor& c : markers) {
    auto* line = new QLineSeries;
    QPen pen(c);
    pen.setStyle(Qt::DashLine);
    line->setPen(pen);
    chart->addSeries(line);
    line->attachAxis(m_x);
    line->attachAxis(m_y);
    m_percentileLines.push_back(line);
  }
  m_overflowBar = new QLineSeries;
  QPen overflowPen(QColor(0xb3, 0x26, 0x1e));
  overflowPen.setWidth(6);
  m_overflowBar->setPen(overflowPen);
  chart->addSeries(m_overflowBar);
  m_overflowBar->attachAxis(m_x);
  m_overflowBar->attachAxis(m_y);
  m_view = styledChartView(chart, this);
}

QChart* FrameTimeChart::chart() const { return m_view->chart(); }

void FrameTimeChart::show(const core::live::FrameTimeView& view, const core::live::LiveStatus& status) {
  QList<QPointF> points;
  uint64_t peak = std::max<uint64_t>(1, view.overflow);
  for (size_t i = 0; i < view.buckets.size(); ++i) {
    peak = std::max(peak, view.buckets[i]);
    points.append(QPointF(static_cast<double>(i) + 0.5, static_cast<double>(view.buckets[i])));
  }
  m_line->replace(points);
  // The overflow bin: one bar at the clip, its count and the slowest frame in the legend.
  const auto clip = static_cast<double>(view.clipMs);
  m_overflowBar->setName(view.overflow == 0 ? tr("none slower than %1 ms").arg(view.clipMs)
                                            : tr("%1 ms or slower: %2 frames (slowest %3 ms)")
                                                  .arg(view.clipMs)
                                                  .arg(view.overflow)
                                                  .arg(view.slowestMs, 0, 'f', 0));
  m_overflowBar->replace(QList<QPointF>{{clip + 1, 0}, {clip + 1, static_cast<double>(view.overflow)}});
  setWholeTicks(m_x, wholeTickStep(view.clipMs));
  m_x->setRange(0, clip + 2);
  setCountAxisRange(m_y, peak);
  const double values[] = {status.p50Ms, status.p90Ms, status.p99Ms};
  const char* names[] = {"p50", "p90", "p99"};
  for (size_t i = 0; i < 3; ++i) {
    m_percentileLines[i]->setName(QStringLiteral("%1 %2 ms").arg(QLatin1String(names[i])).arg(values[i]));
    // A percentile past the clip stands at the overflow bar.
    const double x = std::min(values[i], clip + 1);
    m_percentileLines[i]->replace(QList<QPointF>{{x, 0}, {x, m_y->max()}});
  }
}

}  // namespace mxi::gui
