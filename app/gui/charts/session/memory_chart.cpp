#include "app/gui/charts/session/memory_chart.h"

#include <QAreaSeries>
#include <QChart>
#include <QChartView>
#include <QLegendMarker>
#include <QLineSeries>
#include <QValueAxis>
#include <algorithm>
#include <cmath>

#include "app/gui/charts/chart_style.h"

namespace mxi::gui {

namespace {
using core::meminfo::kMemoryCategories;
using core::meminfo::kMemoryStackedCategories;

// The HTML report's colours (core/exports/memory_html.h), so both charts read alike.
constexpr std::array<QRgb, kMemoryStackedCategories> kCategoryColours{0xf28e2b, 0x4e79a7, 0x59a14f, 0xb07aa1,
                                                                      0xedc948, 0x76b7b2, 0xbab0ac};
constexpr std::array<QRgb, MemoryChart::kMarkKinds> kMarkColours{0x68707d, 0x1f77b4, 0xd7263d};

double mib(int64_t kb) { return kb < 0 ? 0.0 : static_cast<double>(kb) / 1024.0; }  // exact: a power of two
}  // namespace

MemoryChart::MemoryChart(QWidget* parent) : QWidget(parent) {
  auto* chart = new QChart;
  chart->setTitle(tr("Memory (PSS) by category"));
  m_x = new QValueAxis;
  m_x->setTitleText(tr("s"));
  m_x->setLabelFormat(QStringLiteral("%d"));
  m_y = new QValueAxis;
  m_y->setTitleText(tr("MiB"));
  m_y->setLabelFormat(QStringLiteral("%d"));
  m_y->setRange(0, 64);
  chart->addAxis(m_x, Qt::AlignBottom);
  chart->addAxis(m_y, Qt::AlignLeft);
  QLineSeries* below = nullptr;
  for (size_t c = 0; c < kMemoryStackedCategories; ++c) {
    auto* upper = new QLineSeries(chart);
    // The first area's lower edge is the axis: a series of zeros, so every area is upper − lower.
    auto* lower = below != nullptr ? below : new QLineSeries(chart);
    auto* area = new QAreaSeries(upper, lower);
    area->setName(QString::fromLatin1(core::meminfo::memoryCategoryLabel(kMemoryCategories[c])));
    area->setColor(QColor::fromRgb(kCategoryColours[c]));
    area->setBorderColor(QColor::fromRgb(kCategoryColours[c]).darker(120));
    chart->addSeries(area);
    area->attachAxis(m_x);
    area->attachAxis(m_y);
    m_areas[c] = area;
    below = upper;
  }
  const QString markNames[kMarkKinds] = {tr("GC forced"), tr("dump taken"), tr("leak found")};
  for (size_t k = 0; k < kMarkKinds; ++k) {
    auto* line = new QLineSeries;
    line->setName(markNames[k]);
    QPen pen(QColor::fromRgb(kMarkColours[k]));
    pen.setStyle(Qt::DashLine);
    pen.setWidthF(1.5);
    line->setPen(pen);
    chart->addSeries(line);
    line->attachAxis(m_x);
    line->attachAxis(m_y);
    m_marks[k] = line;
  }
  m_view = styledChartView(chart, this);
}

QChart* MemoryChart::chart() const { return m_view->chart(); }

void MemoryChart::show(const core::live::LiveSession& session) {
  const auto& series = session.memorySeries();
  const auto& marks = session.memoryMarks();
  const int64_t newestMarkMs = marks.empty() ? INT64_MIN : marks.back().timeMs;
  if (session.memorySampleCount() == m_shownSamples && marks.size() == m_shownMarks &&
      newestMarkMs == m_shownNewestMarkMs) {
    return;  // the dashboard refreshes for every change; memory changes once a second
  }
  m_shownSamples = session.memorySampleCount();
  m_shownMarks = marks.size();
  m_shownNewestMarkMs = newestMarkMs;
  // Every `stride`-th sample and the newest: at most about kMaxPoints per area.
  const size_t stride = std::max<size_t>(1, (series.size() + kMaxPoints - 1) / kMaxPoints);
  std::vector<size_t> shown;
  for (size_t i = 0; i < series.size(); i += stride) shown.push_back(i);
  if (!series.empty() && shown.back() != series.size() - 1) shown.push_back(series.size() - 1);
  std::vector<double> stacked(shown.size(), 0.0);
  QList<QPointF> zeros;
  double first = 0, last = 10, top = 1;
  if (!shown.empty()) {
    first = static_cast<double>(series[shown.front()].timeMs) / 1000.0;
    last = std::max(first + 10, static_cast<double>(series[shown.back()].timeMs) / 1000.0);
  }
  for (size_t c = 0; c < kMemoryStackedCategories; ++c) {
    QList<QPointF> points;
    points.reserve(static_cast<qsizetype>(shown.size()));
    for (size_t k = 0; k < shown.size(); ++k) {
      const core::live::MemoryPoint& p = series[shown[k]];
      stacked[k] += mib(core::meminfo::memoryValue(p.sample, kMemoryCategories[c]));
      points.append(QPointF(static_cast<double>(p.timeMs) / 1000.0, stacked[k]));
      if (c == 0) zeros.append(QPointF(points.back().x(), 0.0));
      top = std::max(top, stacked[k]);
    }
    if (c == 0) m_areas[c]->lowerSeries()->replace(zeros);
    m_areas[c]->upperSeries()->replace(points);
  }
  const double yTop = std::ceil(top / 16) * 16;
  // Marks: vertical lines joined along the axis (one series per kind keeps the legend short).
  std::array<QList<QPointF>, kMarkKinds> lines;
  for (const core::live::MemoryChartMark& m : marks) {
    const double x = static_cast<double>(m.timeMs) / 1000.0;
    for (size_t k = 0; k < kMarkKinds; ++k) {
      if ((m.marks & (1u << k)) == 0) continue;
      lines[k].append({QPointF(x, 0), QPointF(x, yTop), QPointF(x, 0)});
    }
    first = std::min(first, x);
    last = std::max(last, x);
  }
  for (size_t k = 0; k < kMarkKinds; ++k) m_marks[k]->replace(lines[k]);
  setWholeTicks(m_x, wholeTickStep(static_cast<uint64_t>(std::max(1.0, last - first))));
  m_x->setRange(first, last);
  m_y->setRange(0, yTop);
}

}  // namespace mxi::gui
