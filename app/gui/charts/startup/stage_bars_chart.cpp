#include "app/gui/charts/startup/stage_bars_chart.h"

#include <QBarCategoryAxis>
#include <QBarSet>
#include <QChart>
#include <QChartView>
#include <QHorizontalStackedBarSeries>
#include <QLegend>
#include <QValueAxis>
#include <algorithm>

#include "app/gui/charts/chart_style.h"

namespace mxi::gui {

namespace {

constexpr const char* kKnownStages[] = {"application_create", "stage_between_app_and_activity",
                                        "first_activity_create"};
constexpr const char* kTotal = "startup_duration";

}  // namespace

std::vector<std::string> stackedStages(const std::vector<StageBar>& bars) {
  std::vector<std::string> out;
  const auto given = [&bars](const std::string& key) {
    return std::ranges::any_of(bars, [&key](const StageBar& b) { return b.stages.contains(key); });
  };
  for (const char* known : kKnownStages) {
    if (given(known)) out.emplace_back(known);
  }
  for (const StageBar& bar : bars) {
    for (const auto& [key, ms] : bar.stages) {
      if (key != kTotal && std::ranges::find(out, key) == out.end()) out.push_back(key);
    }
  }
  return out;
}

StageBarsChart::StageBarsChart(std::vector<StageBar> bars, QWidget* parent)
    : QWidget(parent), m_bars(std::move(bars)), m_stages(stackedStages(m_bars)) {
  auto* series = new QHorizontalStackedBarSeries;
  int64_t longest = 0;
  std::vector<int64_t> sums(m_bars.size(), 0);
  for (const std::string& stage : m_stages) {
    auto* set = new QBarSet(QString::fromStdString(stage));
    for (size_t i = 0; i < m_bars.size(); ++i) {
      const auto it = m_bars[i].stages.find(stage);
      const int64_t ms = it == m_bars[i].stages.end() ? 0 : it->second;
      *set << static_cast<double>(ms);
      sums[i] += ms;
    }
    series->append(set);
  }
  QStringList categories;
  for (size_t i = 0; i < m_bars.size(); ++i) {
    const auto total = m_bars[i].stages.find(kTotal);
    categories << (total == m_bars[i].stages.end()
                       ? m_bars[i].label
                       : tr("%1 (%2 ms)").arg(m_bars[i].label).arg(static_cast<qlonglong>(total->second)));
    longest = std::max({longest, sums[i], total == m_bars[i].stages.end() ? 0 : total->second});
  }
  auto* chart = new QChart;
  chart->addSeries(series);
  auto* axisY = new QBarCategoryAxis;
  axisY->append(categories);
  chart->addAxis(axisY, Qt::AlignLeft);
  series->attachAxis(axisY);
  auto* axisX = new QValueAxis;
  axisX->setTitleText(tr("ms"));
  setCountAxisRange(axisX, static_cast<uint64_t>(longest));
  chart->addAxis(axisX, Qt::AlignBottom);
  series->attachAxis(axisX);
  chart->setTitle(tr("Stages of the traced launches (Matrix)"));
  m_view = styledChartView(chart, this);
  m_view->setMinimumWidth(300);
}

QChart* StageBarsChart::chart() const { return m_view->chart(); }

}  // namespace mxi::gui
