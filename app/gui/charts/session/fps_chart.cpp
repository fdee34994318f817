#include "app/gui/charts/session/fps_chart.h"

#include <QChart>
#include <QChartView>
#include <QLineSeries>
#include <QValueAxis>
#include <algorithm>
#include <cmath>

#include "app/gui/charts/chart_style.h"

namespace mxi::gui {

namespace {
// Scene colours: distinct hues that read on light and dark palettes.
QColor sceneColour(int scene) { return QColor::fromHsv((scene * 67 + 200) % 360, 170, 210); }
}  // namespace

FpsAxisTicks fpsAxisTicks(double peakFps) {
  FpsAxisTicks ticks;
  ticks.top = std::max(60, static_cast<int>(std::ceil(peakFps / 30)) * 30);
  ticks.step = ticks.top <= 90 ? 15 : ticks.top <= 240 ? 30 : 60;
  return ticks;
}

FpsChart::FpsChart(QWidget* parent) : QWidget(parent) {
  auto* chart = new QChart;
  chart->setTitle(tr("FPS per second, by scene"));
  m_x = new QValueAxis;
  m_x->setTitleText(tr("s"));
  m_x->setLabelFormat(QStringLiteral("%d"));
  m_y = new QValueAxis;
  const FpsAxisTicks ticks = fpsAxisTicks(0);
  setWholeTicks(m_y, static_cast<uint64_t>(ticks.step));
  m_y->setRange(0, ticks.top);
  chart->addAxis(m_x, Qt::AlignBottom);
  chart->addAxis(m_y, Qt::AlignLeft);
  m_view = styledChartView(chart, this);
}

QChart* FpsChart::chart() const { return m_view->chart(); }

void FpsChart::show(const core::live::LiveSession& session, int64_t windowSeconds) {
  const auto& scenes = session.scenes();
  while (m_lines.size() < scenes.size()) {
    const int i = static_cast<int>(m_lines.size());
    auto* line = new QLineSeries;
    line->setName(QString::fromStdString(scenes[static_cast<size_t>(i)].name));
    line->setColor(sceneColour(i));
    chart()->addSeries(line);
    line->attachAxis(m_x);
    line->attachAxis(m_y);
    m_lines.push_back(line);
  }
  int64_t last = 0;
  for (size_t s = 0; s < scenes.size(); ++s) {
    const auto& series = session.fpsSeries(static_cast<int>(s));
    if (!series.empty()) last = std::max(last, series.back().second);
  }
  const int64_t first = std::max<int64_t>(0, last - windowSeconds);
  double top = 60;
  for (size_t s = 0; s < scenes.size(); ++s) {
    QList<QPointF> points;
    for (const core::live::FpsPoint& p : session.fpsSeries(static_cast<int>(s))) {
      if (p.second < first) continue;
      points.append(QPointF(static_cast<double>(p.second), p.fps));
      top = std::max(top, p.fps);
    }
    m_lines[s]->replace(points);
  }
  const int64_t end = std::max<int64_t>(last, first + 10);
  setWholeTicks(m_x, wholeTickStep(static_cast<uint64_t>(end - first)));
  m_x->setRange(static_cast<double>(first), static_cast<double>(end));
  const FpsAxisTicks ticks = fpsAxisTicks(top);
  setWholeTicks(m_y, static_cast<uint64_t>(ticks.step));
  m_y->setRange(0, ticks.top);
}

}  // namespace mxi::gui
