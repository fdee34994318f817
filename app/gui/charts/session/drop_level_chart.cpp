#include "app/gui/charts/session/drop_level_chart.h"

#include <QBarCategoryAxis>
#include <QBarSet>
#include <QChart>
#include <QChartView>
#include <QHorizontalStackedBarSeries>
#include <QValueAxis>
#include <algorithm>

#include "app/gui/charts/chart_style.h"

namespace mxi::gui {

using core::framestats::DropLevel;
using core::framestats::kDropLevelCount;

DropLevelChart::DropLevelChart(QWidget* parent) : QWidget(parent) {
  auto* chart = new QChart;
  chart->setTitle(tr("Frames by drop level, per scene (click a bar for its frames)"));
  m_series = new QHorizontalStackedBarSeries;
  for (size_t l = 0; l < kDropLevelCount; ++l) {
    const auto level = static_cast<DropLevel>(l);
    auto* set = new QBarSet(dropLevelTitle(level));
    set->setColor(dropLevelColour(level));
    set->setBorderColor(dropLevelColour(level));
    m_series->append(set);
    connect(set, &QBarSet::clicked, this, [this, level](int scene) { emit barClicked(scene, level); });
  }
  chart->addSeries(m_series);
  m_scenes = new QBarCategoryAxis;
  chart->addAxis(m_scenes, Qt::AlignLeft);
  m_series->attachAxis(m_scenes);
  m_x = new QValueAxis;
  setCountAxisRange(m_x, 0);
  chart->addAxis(m_x, Qt::AlignBottom);
  m_series->attachAxis(m_x);
  m_view = styledChartView(chart, this);
}

QChart* DropLevelChart::chart() const { return m_view->chart(); }

void DropLevelChart::show(const std::vector<core::live::SceneStats>& scenes) {
  QStringList names;
  for (const auto& s : scenes) names << QString::fromStdString(s.name);
  if (m_scenes->categories() != names) {
    m_scenes->clear();
    m_scenes->append(names);
  }
  const auto sets = m_series->barSets();
  for (size_t l = 0; l < kDropLevelCount; ++l) {
    QBarSet* set = sets[static_cast<int>(l)];
    for (size_t s = 0; s < scenes.size(); ++s) {
      const auto v = static_cast<double>(scenes[s].levels[l]);
      if (static_cast<int>(s) < set->count()) {
        if (set->at(static_cast<int>(s)) != v) set->replace(static_cast<int>(s), v);
      } else {
        set->append(v);
      }
    }
  }
  uint64_t widest = 0;
  for (const auto& s : scenes) widest = std::max(widest, s.frames);
  setCountAxisRange(m_x, widest);
}

}  // namespace mxi::gui
