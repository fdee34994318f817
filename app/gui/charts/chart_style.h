// How every Qt Charts chart of the GUI looks: margins, legend, antialiasing; drop-level colours
// and names. Only charts/ includes Qt Charts (this header included), so its deprecation stays
// contained.
#pragma once

#include <QColor>
#include <QString>
#include <cstdint>

#include "core/framestats/frame.h"

QT_BEGIN_NAMESPACE
class QChart;
class QChartView;
class QValueAxis;
class QWidget;
QT_END_NAMESPACE

namespace mxi::gui {

// A view over `chart` (which it owns) in the house style, filling `host`.
QChartView* styledChartView(QChart* chart, QWidget* host);
// The house style's margins and legend, for a chart set on a view later (QChartView::setChart).
void styleChart(QChart* chart);
// Axes of whole numbers (frame counts, milliseconds): ticks 1, 2 or 5 × 10^k apart, about four
// intervals over `span`, so no chart labels "0 0 0 0 1" or "0 50 101 151 202".
uint64_t wholeTickStep(uint64_t span);
void setWholeTicks(QValueAxis* axis, uint64_t step);
// From 0 to at least `peak`, ending on a tick.
void setCountAxisRange(QValueAxis* axis, uint64_t peak);
QColor dropLevelColour(core::framestats::DropLevel level);
QString dropLevelTitle(core::framestats::DropLevel level);

}  // namespace mxi::gui
