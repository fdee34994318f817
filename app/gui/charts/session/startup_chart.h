// A Matrix startup issue's phases (Application create, first activity create, between, total) as
// bars, titled cold or warm start.
#pragma once

#include <QWidget>

#include "core/matrix/matrix_issue.h"

QT_BEGIN_NAMESPACE
class QChart;
class QChartView;
QT_END_NAMESPACE

namespace mxi::gui {

class StartupChart : public QWidget {
  Q_OBJECT
 public:
  explicit StartupChart(QWidget* parent = nullptr);
  void show(const core::matrix::StartupReport& startup);
  QChart* chart() const;

 private:
  QChartView* m_view;
};

}  // namespace mxi::gui
