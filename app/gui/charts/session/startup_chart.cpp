#include "app/gui/charts/session/startup_chart.h"

#include <QBarCategoryAxis>
#include <QBarSet>
#include <QChart>
#include <QChartView>
#include <QHorizontalBarSeries>
#include <QLegend>
#include <QValueAxis>

#include "app/gui/charts/chart_style.h"

namespace mxi::gui {

StartupChart::StartupChart(QWidget* parent) : QWidget(parent) { m_view = styledChartView(new QChart, this); }

QChart* StartupChart::chart() const { return m_view->chart(); }

void StartupChart::show(const core::matrix::StartupReport& startup) {
  auto* set = new QBarSet(tr("ms"));
  QStringList phases;
  auto add = [&](const QString& name, const std::optional<int64_t>& v) {
    if (!v) return;
    phases << name;
    *set << static_cast<double>(*v);
  };
  add(tr("Application create"), startup.applicationCreateMs);
  add(tr("First activity create"), startup.firstActivityCreateMs);
  add(tr("Between"), startup.betweenMs);
  add(tr("Startup total"), startup.startupDurationMs);
  auto* series = new QHorizontalBarSeries;
  series->append(set);
  series->setLabelsVisible(true);
  auto* chart = new QChart;
  chart->addSeries(series);
  auto* axisY = new QBarCategoryAxis;
  axisY->append(phases);
  chart->addAxis(axisY, Qt::AlignLeft);
  series->attachAxis(axisY);
  auto* axisX = new QValueAxis;
  axisX->setTitleText(tr("ms"));
  chart->addAxis(axisX, Qt::AlignBottom);
  series->attachAxis(axisX);
  chart->legend()->hide();
  chart->setTitle(startup.warmStart.value_or(false) ? tr("Warm start") : tr("Cold start"));
  QChart* old = m_view->chart();
  m_view->setChart(chart);
  delete old;
}

}  // namespace mxi::gui
