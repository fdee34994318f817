// The frame-time distribution: 1 ms buckets up to a clip, an overflow bar for the slower frames
// (its count and the slowest in the legend), and p50/p90/p99 markers.
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

class FrameTimeChart : public QWidget {
  Q_OBJECT
 public:
  explicit FrameTimeChart(QWidget* parent = nullptr);
  // `status`'s percentiles are drawn: the ones the header shows (one snapshot).
  void show(const core::live::FrameTimeView& view, const core::live::LiveStatus& status);
  QChart* chart() const;
  QLineSeries* overflowBar() const { return m_overflowBar; }

 private:
  QChartView* m_view;
  QLineSeries* m_line;
  std::vector<QLineSeries*> m_percentileLines;  // p50, p90, p99
  QLineSeries* m_overflowBar;
  QValueAxis* m_x;
  QValueAxis* m_y;
};

}  // namespace mxi::gui
