// A treemap any page can fill: rectangles whose areas are their bytes (squarified, biggest
// first), each painted in its own colour with a caption and its size where they fit, a tooltip,
// and a click on a cell that holds others reported so its owner can drill into it (a right click
// or the mouse's back button asks to go back up). The owner decides what the cells are at each
// level; the heap's dominator treemap and the APK page's package map both draw through it.
#pragma once

#include <QColor>
#include <QRectF>
#include <QString>
#include <QWidget>
#include <vector>

namespace mxi::gui {

struct TreemapCell {
  QString caption;  // drawn in the cell (a short name)
  QString label;    // the tooltip's first line (the full name)
  QColor colour;
  uint64_t bytes = 0;
  bool drillable = false;
  QRectF rect;  // set by the layout
};

class TreemapChart : public QWidget {
  Q_OBJECT
 public:
  explicit TreemapChart(QWidget* parent = nullptr);
  const std::vector<TreemapCell>& chartCells() const { return m_chartCells; }
  // The index of the cell under `point`, or -1.
  int cellIndexAt(QPointF point) const;
  QSize sizeHint() const override { return {640, 360}; }

 signals:
  void cellClicked(int index);  // a left click on a drillable cell
  void backRequested();         // a right click or the back button

 protected:
  // Lays `cells` out in their order over the whole widget and repaints.
  void setChartCells(std::vector<TreemapCell> cells);
  // The tooltip of a cell: its label and bytes unless the owner says more.
  virtual QString toolTipFor(int index) const;
  // After every layout (new cells, a resize): owners that keep their own cells copy the rects.
  virtual void laidOut() {}

  void paintEvent(QPaintEvent* event) override;
  void resizeEvent(QResizeEvent* event) override;
  void mousePressEvent(QMouseEvent* event) override;
  bool event(QEvent* event) override;

 private:
  void layOut();

  std::vector<TreemapCell> m_chartCells;
};

}  // namespace mxi::gui
