// Matrix's startup stages as stacked bars (issue 45): one bar per launch, from the application's
// bind (cold) or the activity's creation (warm) to the first frame, in three segments:
// application_create, stage_between_app_and_activity, and the activity until its first frame.
// Matrix's first_activity_create counts from the same start as the bar (it is the bar's length),
// so the third segment is what it adds to the two before. The Startup page shows a bar per traced
// run; a session's Trace_StartUp issue its one.
#pragma once

#include <QWidget>
#include <map>
#include <string>
#include <utility>
#include <vector>

QT_BEGIN_NAMESPACE
class QChart;
class QChartView;
QT_END_NAMESPACE

namespace mxi::gui {

struct StageBar {
  QString label;                          // "run 3"
  std::map<std::string, int64_t> stages;  // Matrix's keys, in ms
};

// The segments a bar's stages give, in order, each (name, ms): "application_create",
// "stage_between_app_and_activity", then "activity to first frame" (first_activity_create minus
// the two before, never below 0). A stage the trace did not give is no segment.
std::vector<std::pair<std::string, int64_t>> stageSegments(const std::map<std::string, int64_t>& stages);

class StageBarsChart final : public QWidget {
  Q_OBJECT
 public:
  explicit StageBarsChart(QWidget* parent = nullptr);
  void setBars(std::vector<StageBar> bars, const QString& title);
  QChart* chart() const;
  int barCount() const { return static_cast<int>(m_bars.size()); }
  const std::vector<std::string>& segments() const { return m_segments; }  // the stacked sets, in order

 private:
  std::vector<StageBar> m_bars;
  std::vector<std::string> m_segments;
  QChartView* m_view;
};

}  // namespace mxi::gui
