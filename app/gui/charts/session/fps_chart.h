// FPS per second of the last minutes, one line per scene (LiveSession's fpsSeries).
#pragma once

#include <QWidget>
#include <vector>

#include "core/live/live_session.h"

QT_BEGIN_NAMESPACE
class QChart;
class QChartView;
class QLineSeries;
class QValueAxis;
QT_END_NAMESPACE

namespace mxi::gui {

class FpsChart : public QWidget {
  Q_OBJECT
 public:
  explicit FpsChart(QWidget* parent = nullptr);
  // The last `windowSeconds` of every scene's series.
  void show(const core::live::LiveSession& session, int64_t windowSeconds);
  QChart* chart() const;

 private:
  QChartView* m_view;
  QValueAxis* m_x;
  QValueAxis* m_y;
  std::vector<QLineSeries*> m_lines;  // per scene
};

}  // namespace mxi::gui
