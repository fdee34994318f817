#include "app/gui/charts/startup/stage_bars_chart.h"

#include <QBarCategoryAxis>
#include <QBarSet>
#include <QChart>
#include <QChartView>
#include <QHorizontalStackedBarSeries>
#include <QLegend>
#include <QValueAxis>
#include <algorithm>
#include <optional>

#include "app/gui/charts/chart_style.h"

namespace mxi::gui {

namespace {

constexpr const char* kAppCreate = "application_create";
constexpr const char* kBetween = "stage_between_app_and_activity";
constexpr const char* kFirstActivity = "first_activity_create";
constexpr const char* kActivityToFrame = "activity to first frame";
constexpr const char* kTotal = "startup_duration";

std::optional<int64_t> stageOf(const std::map<std::string, int64_t>& stages, const char* key) {
  const auto it = stages.find(key);
  return it == stages.end() ? std::nullopt : std::optional<int64_t>(it->second);
}

}  // namespace

std::vector<std::pair<std::string, int64_t>> stageSegments(const std::map<std::string, int64_t>& stages) {
  std::vector<std::pair<std::string, int64_t>> out;
  int64_t before = 0;
  for (const char* key : {kAppCreate, kBetween}) {
    if (const auto ms = stageOf(stages, key)) {
      out.emplace_back(key, *ms);
      before += *ms;
    }
  }
  if (const auto ms = stageOf(stages, kFirstActivity))
    out.emplace_back(kActivityToFrame, std::max<int64_t>(*ms - before, 0));
  return out;
}

StageBarsChart::StageBarsChart(QWidget* parent) : QWidget(parent), m_view(styledChartView(new QChart, this)) {
  m_view->setMinimumWidth(300);
}

void StageBarsChart::setBars(std::vector<StageBar> bars, const QString& title) {
  m_bars = std::move(bars);
  std::vector<std::map<std::string, int64_t>> segments;  // per bar
  m_segments.clear();
  for (const StageBar& bar : m_bars) {
    std::map<std::string, int64_t>& mine = segments.emplace_back();
    for (const auto& [name, ms] : stageSegments(bar.stages)) mine[name] = ms;
  }
  for (const char* name : {kAppCreate, kBetween, kActivityToFrame}) {
    if (std::ranges::any_of(segments, [name](const auto& s) { return s.contains(name); }))
      m_segments.emplace_back(name);
  }
  // Qt draws the first category at the bottom: the bars go in backwards, so the first is on top.
  std::vector<size_t> order(m_bars.size());
  for (size_t i = 0; i < order.size(); ++i) order[i] = order.size() - 1 - i;
  auto* series = new QHorizontalStackedBarSeries;
  std::vector<int64_t> sums(m_bars.size(), 0);
  for (const std::string& name : m_segments) {
    auto* set = new QBarSet(QString::fromStdString(name));
    for (const size_t i : order) {
      const auto it = segments[i].find(name);
      const int64_t ms = it == segments[i].end() ? 0 : it->second;
      *set << static_cast<double>(ms);
      sums[i] += ms;
    }
    series->append(set);
  }
  QStringList categories;
  int64_t longest = 0;
  for (const size_t i : order) {
    const std::optional<int64_t> total = stageOf(m_bars[i].stages, kTotal);
    categories << (total ? tr("%1 (%2 ms)").arg(m_bars[i].label).arg(static_cast<qlonglong>(*total)) : m_bars[i].label);
    longest = std::max({longest, sums[i], total.value_or(0)});
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
  chart->setTitle(title);
  styleChart(chart);
  QChart* old = m_view->chart();
  m_view->setChart(chart);
  delete old;
  // Room for every bar's label: Qt Charts elides crowded category labels to "…".
  m_view->setMinimumHeight(std::max(200, 120 + 26 * static_cast<int>(m_bars.size())));
}

QChart* StageBarsChart::chart() const { return m_view->chart(); }

}  // namespace mxi::gui
