#include "app/gui/charts/chart_style.h"

#include <algorithm>

#include <QChart>
#include <QChartView>
#include <QLegend>
#include <QObject>
#include <QVBoxLayout>
#include <QValueAxis>

namespace mxi::gui {

using core::framestats::DropLevel;

void styleChart(QChart* chart) {
  chart->setMargins(QMargins(4, 4, 4, 4));
  chart->legend()->setAlignment(Qt::AlignBottom);
}

QChartView* styledChartView(QChart* chart, QWidget* host) {
  styleChart(chart);
  auto* view = new QChartView(chart);
  view->setRenderHint(QPainter::Antialiasing);
  view->setMinimumHeight(200);
  view->setMinimumWidth(360);
  auto* layout = new QVBoxLayout(host);
  layout->setContentsMargins(0, 0, 0, 0);
  layout->addWidget(view);
  return view;
}

uint64_t wholeTickStep(uint64_t span) {
  // About four intervals of a whole, round step.
  const uint64_t wanted = std::max<uint64_t>(1, (span + 3) / 4);
  uint64_t step = 1;
  while (step * 5 < wanted) step *= 10;
  return wanted <= step ? step : wanted <= 2 * step ? 2 * step : wanted <= 5 * step ? 5 * step : 10 * step;
}

void setWholeTicks(QValueAxis* axis, uint64_t step) {
  axis->setLabelFormat(QStringLiteral("%d"));
  axis->setTickType(QValueAxis::TicksDynamic);
  axis->setTickAnchor(0);
  axis->setTickInterval(static_cast<double>(step));
}

void setCountAxisRange(QValueAxis* axis, uint64_t peak) {
  const uint64_t step = wholeTickStep(peak);
  setWholeTicks(axis, step);
  axis->setRange(0, static_cast<double>(std::max<uint64_t>(step, (peak + step - 1) / step * step)));
}

QColor dropLevelColour(DropLevel level) {
  switch (level) {
    case DropLevel::kBest: return QColor(0x43, 0xa0, 0x47);
    case DropLevel::kNormal: return QColor(0x9c, 0xcc, 0x65);
    case DropLevel::kMiddle: return QColor(0xfd, 0xd8, 0x35);
    case DropLevel::kHigh: return QColor(0xfb, 0x8c, 0x00);
    case DropLevel::kFrozen: return QColor(0xe5, 0x39, 0x35);
  }
  return Qt::gray;
}

QString dropLevelTitle(DropLevel level) {
  switch (level) {
    case DropLevel::kBest: return QObject::tr("Best");
    case DropLevel::kNormal: return QObject::tr("Normal");
    case DropLevel::kMiddle: return QObject::tr("Middle");
    case DropLevel::kHigh: return QObject::tr("High");
    case DropLevel::kFrozen: return QObject::tr("Frozen");
  }
  return {};
}

}  // namespace mxi::gui
