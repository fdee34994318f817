// How every Qt Charts chart of the GUI looks: margins, legend, antialiasing; drop-level colours
// and names. Only charts/ includes Qt Charts (this header included), so its deprecation stays
// contained.
#pragma once

#include <QColor>
#include <QString>

#include "core/trace/frame.h"

QT_BEGIN_NAMESPACE
class QChart;
class QChartView;
class QWidget;
QT_END_NAMESPACE

namespace mxi::gui {

// A view over `chart` (which it owns) in the house style, filling `host`.
QChartView* styledChartView(QChart* chart, QWidget* host);
QColor dropLevelColour(core::trace::DropLevel level);
QString dropLevelTitle(core::trace::DropLevel level);

}  // namespace mxi::gui
