// Where the memory goes, as the Summary tab shows it: the dominator tree as a treemap by retained
// bytes. Each rectangle is an object the shown one immediately dominates, its area what it
// retains, labelled with its class and size; a click drills into it, Back (or a right click)
// returns. The biggest kMaxCells children are drawn, the rest as one "others" cell. Reads a
// document whose dominator tree exists; drawn by TreemapChart.
#pragma once

#include <QRectF>
#include <QWidget>
#include <memory>
#include <vector>

#include "app/gui/charts/treemap_chart.h"
#include "app/gui/models/heap/heap_document.h"

namespace mxi::gui {

class DominatorTreemap : public TreemapChart {
  Q_OBJECT
 public:
  static constexpr size_t kMaxCells = 40;

  struct Cell {
    core::hprof::ObjectIndex object = core::hprof::kNoObject;  // kNoObject: "others" or "itself"
    QString label;                                             // describeObject, or "N others", or "itself"
    QString className;  // of the object (colour, short label); empty for the others
    uint64_t bytes = 0;
    QRectF rect;
    bool drillable = false;
  };

  explicit DominatorTreemap(std::shared_ptr<const HeapDocument> doc, QWidget* parent = nullptr);
  // The object whose children are shown (kNoObject: the whole heap) and the way down to it.
  core::hprof::ObjectIndex focus() const { return m_path.empty() ? core::hprof::kNoObject : m_path.back(); }
  QString breadcrumb() const;
  const std::vector<Cell>& cells() const { return m_cells; }
  // Shows what `object` dominates (when it dominates anything); back() returns one level up.
  bool drillInto(core::hprof::ObjectIndex object);
  bool back();

 signals:
  void focusChanged(const QString& breadcrumb);

 protected:
  QString toolTipFor(int index) const override;
  void laidOut() override;

 private:
  void rebuild();

  std::shared_ptr<const HeapDocument> m_doc;
  std::vector<core::hprof::ObjectIndex> m_path;
  std::vector<Cell> m_cells;
};

// The dump's heaps (app, image, zygote…) as one bar of their shallow bytes, each labelled.
class HeapsBar : public QWidget {
 public:
  explicit HeapsBar(std::shared_ptr<const HeapDocument> doc, QWidget* parent = nullptr);
  QSize sizeHint() const override { return {640, 28}; }

 protected:
  void paintEvent(QPaintEvent* event) override;

 private:
  std::shared_ptr<const HeapDocument> m_doc;
};

}  // namespace mxi::gui
