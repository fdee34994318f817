// The app's memory over the session, stacked by category (Java, Native, Code, Stack, Graphics,
// Private other, System: the App Summary parts that add up to TOTAL PSS), with vertical marks
// where a GC was forced, a heap dump was taken or a leak was found (LiveSession's memory series
// and marks). MiB over seconds since the session start.
#pragma once

#include <QWidget>
#include <array>
#include <cstdint>

#include "core/live/live_session.h"

QT_BEGIN_NAMESPACE
class QAreaSeries;
class QChart;
class QChartView;
class QLineSeries;
class QValueAxis;
QT_END_NAMESPACE

namespace mxi::gui {

class MemoryChart : public QWidget {
  Q_OBJECT
 public:
  static constexpr size_t kMaxPoints = 1200;  // per area: the series is thinned beyond this
  static constexpr size_t kMarkKinds = 3;     // GC forced, dump taken, leak found

  explicit MemoryChart(QWidget* parent = nullptr);
  // Redraws only when the session's memory series or marks changed.
  void show(const core::live::LiveSession& session);
  QChart* chart() const;
  // For tests: the stacked areas in category order, and the marks' lines by kind (bit order of
  // meminfo::MemoryMark).
  const std::array<QAreaSeries*, core::meminfo::kMemoryStackedCategories>& areas() const { return m_areas; }
  QLineSeries* marks(size_t kind) const { return m_marks[kind]; }

 private:
  QChartView* m_view;
  QValueAxis* m_x;
  QValueAxis* m_y;
  std::array<QAreaSeries*, core::meminfo::kMemoryStackedCategories> m_areas{};
  std::array<QLineSeries*, kMarkKinds> m_marks{};
  uint64_t m_shownSamples = UINT64_MAX;
  size_t m_shownMarks = SIZE_MAX;
  int64_t m_shownNewestMarkMs = INT64_MIN;
};

}  // namespace mxi::gui
