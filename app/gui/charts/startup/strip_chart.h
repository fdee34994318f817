// One startup figure's runs as a strip chart (issue 45): a column per set of launches (the
// baseline's beside the current ones), each run a dot at its milliseconds — counted filled, the
// others (warm-up, spoiled, failed) hollow with a tooltip saying why — and each column's median
// (solid) and p90 (dashed) as lines. Hand-painted: a few dozen dots need no chart engine, and the
// geometry below is pure and tested (house rule M3).
#pragma once

#include <QString>
#include <QWidget>
#include <vector>

namespace mxi::gui {

struct StripDot {
  double ms = 0;
  bool filled = false;  // counted
  QString tip;          // "run 3: 412 ms — counted"
};

struct StripColumn {
  QString title;  // "baseline (10)" / "current (10)": the set and its counted runs
  std::vector<StripDot> dots;
  bool hasLines = false;  // some counted run: the median and p90 below are drawn
  double median = 0, p90 = 0;
};

// The milliseconds the y axis shows: from `lo` to `hi` (both on a tick), ticks `step` apart.
struct StripScale {
  double lo = 0, hi = 1, step = 1;
};
// A whole-number scale around every dot and line of `columns` with a little room either side
// (never below 0), about six ticks; 0…1 ms when there is nothing.
StripScale stripScale(const std::vector<StripColumn>& columns);
// The y pixel of `ms` between `top` (scale.hi) and `bottom` (scale.lo).
double stripY(double ms, const StripScale& scale, double top, double bottom);
// Where the `i`-th dot of a column sits across it, as a fraction of the half width (−0.6…0.6):
// spread so that equal times stay apart, the same on every paint.
double stripJitter(int i);

class StripChart final : public QWidget {
  Q_OBJECT
 public:
  StripChart(QString title, std::vector<StripColumn> columns, QWidget* parent = nullptr);
  const QString& title() const { return m_title; }
  const std::vector<StripColumn>& columns() const { return m_columns; }
  // The dot drawn at `point` as (column, dot), or (−1, −1).
  std::pair<int, int> dotAt(QPoint point) const;
  QSize sizeHint() const override { return {260, 280}; }
  QSize minimumSizeHint() const override { return {180, 220}; }

 protected:
  void paintEvent(QPaintEvent* event) override;
  bool event(QEvent* event) override;  // tooltips

 private:
  QRectF plotRect() const;
  QPointF dotCentre(int column, int dot) const;

  QString m_title;
  std::vector<StripColumn> m_columns;
  StripScale m_scale;
};

}  // namespace mxi::gui
