// Matrix's startup stages per traced launch as stacked bars (issue 45): one bar per traced run,
// stacked application_create, stage_between_app_and_activity, first_activity_create (their sum
// is Matrix's startup_duration, named in the bar's label), so a launch's slow stage shows at a
// glance.
#pragma once

#include <QStringList>
#include <QWidget>
#include <map>
#include <string>
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

// The stacked stages in order: Matrix's three known ones first, then any other a trace gave
// (never startup_duration, which is their total).
std::vector<std::string> stackedStages(const std::vector<StageBar>& bars);

class StageBarsChart final : public QWidget {
  Q_OBJECT
 public:
  explicit StageBarsChart(std::vector<StageBar> bars, QWidget* parent = nullptr);
  QChart* chart() const;
  int barCount() const { return static_cast<int>(m_bars.size()); }
  const std::vector<std::string>& stages() const { return m_stages; }

 private:
  std::vector<StageBar> m_bars;
  std::vector<std::string> m_stages;
  QChartView* m_view;
};

}  // namespace mxi::gui
