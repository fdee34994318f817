#include "app/gui/charts/chart_style.h"

#include <QChart>
#include <QChartView>
#include <QLegend>
#include <QObject>
#include <QVBoxLayout>

namespace mxi::gui {

using core::trace::DropLevel;

QChartView* styledChartView(QChart* chart, QWidget* host) {
  chart->setMargins(QMargins(4, 4, 4, 4));
  chart->legend()->setAlignment(Qt::AlignBottom);
  auto* view = new QChartView(chart);
  view->setRenderHint(QPainter::Antialiasing);
  view->setMinimumHeight(200);
  view->setMinimumWidth(360);
  auto* layout = new QVBoxLayout(host);
  layout->setContentsMargins(0, 0, 0, 0);
  layout->addWidget(view);
  return view;
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
