// Frames by drop level (Best … Frozen), one stacked bar per scene; clicking a bar asks for that
// scene's frames of that level.
#pragma once

#include <QWidget>
#include <vector>

#include "core/live/live_session.h"

QT_BEGIN_NAMESPACE
class QBarCategoryAxis;
class QChart;
class QChartView;
class QHorizontalStackedBarSeries;
class QValueAxis;
QT_END_NAMESPACE

namespace mxi::gui {

class DropLevelChart : public QWidget {
  Q_OBJECT
 public:
  explicit DropLevelChart(QWidget* parent = nullptr);
  void show(const std::vector<core::live::SceneStats>& scenes);
  QChart* chart() const;
  QHorizontalStackedBarSeries* series() const { return m_series; }

 signals:
  void barClicked(int scene, core::framestats::DropLevel level);

 private:
  QChartView* m_view;
  QHorizontalStackedBarSeries* m_series;
  QBarCategoryAxis* m_scenes;
  QValueAxis* m_x;
};

}  // namespace mxi::gui
