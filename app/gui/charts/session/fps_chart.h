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

// The FPS axis: from 0 to the peak rounded up to a multiple of 30 fps (60 at least), a tick every
// 15, 30 or 60 fps: few labels, all round (0 15 30 45 60 75 90, not 0 22 45 67 90).
struct FpsAxisTicks {
  int top = 60;
  int step = 15;
};
FpsAxisTicks fpsAxisTicks(double peakFps);

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
