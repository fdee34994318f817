#include "app/gui/charts/treemap_chart.h"

#include <QHelpEvent>
#include <QMouseEvent>
#include <QPainter>
#include <QToolTip>

#include "app/gui/charts/heap/treemap_layout.h"
#include "app/gui/models/format.h"

namespace mxi::gui {

TreemapChart::TreemapChart(QWidget* parent) : QWidget(parent) {
  setMouseTracking(true);
  setMinimumSize(320, 200);
}

void TreemapChart::setChartCells(std::vector<TreemapCell> cells) {
  m_chartCells = std::move(cells);
  layOut();
}

void TreemapChart::layOut() {
  std::vector<uint64_t> values;
  values.reserve(m_chartCells.size());
  for (const TreemapCell& c : m_chartCells) values.push_back(c.bytes);
  const QRectF area = QRectF(rect()).adjusted(1, 1, -1, -1);
  const auto rects = squarify(values, {area.x(), area.y(), area.width(), area.height()});
  for (size_t i = 0; i < m_chartCells.size(); ++i) {
    m_chartCells[i].rect = QRectF(rects[i].x, rects[i].y, rects[i].w, rects[i].h);
  }
  laidOut();
  update();
}

void TreemapChart::resizeEvent(QResizeEvent* event) {
  QWidget::resizeEvent(event);
  layOut();
}

int TreemapChart::cellIndexAt(QPointF point) const {
  for (size_t i = 0; i < m_chartCells.size(); ++i) {
    if (m_chartCells[i].rect.contains(point)) return static_cast<int>(i);
  }
  return -1;
}

QString TreemapChart::toolTipFor(int index) const {
  const TreemapCell& c = m_chartCells[static_cast<size_t>(index)];
  return tr("%1\n%2").arg(c.label, exactBytes(c.bytes));
}

void TreemapChart::mousePressEvent(QMouseEvent* event) {
  if (event->button() == Qt::RightButton || event->button() == Qt::BackButton) {
    emit backRequested();
    return;
  }
  const int index = cellIndexAt(event->position());
  if (index >= 0 && m_chartCells[static_cast<size_t>(index)].drillable) emit cellClicked(index);
}

bool TreemapChart::event(QEvent* e) {
  if (e->type() == QEvent::ToolTip) {
    auto* help = static_cast<QHelpEvent*>(e);
    if (const int index = cellIndexAt(help->pos()); index >= 0) {
      QToolTip::showText(help->globalPos(), toolTipFor(index), this);
    } else {
      QToolTip::hideText();
    }
    return true;
  }
  return QWidget::event(e);
}

void TreemapChart::paintEvent(QPaintEvent*) {
  QPainter p(this);
  p.fillRect(rect(), palette().base());
  const QFontMetrics metrics(font());
  for (const TreemapCell& c : m_chartCells) {
    if (c.rect.width() < 1 || c.rect.height() < 1) continue;
    p.fillRect(c.rect, c.colour);
    p.setPen(QPen(palette().base().color(), 1));
    p.drawRect(c.rect);
    // Labels where they fit: the caption, then the size.
    const QRectF text = c.rect.adjusted(4, 2, -4, -2);
    if (text.height() < metrics.height() || text.width() < 24) continue;
    p.setPen(Qt::black);
    const QString lines =
        text.height() >= 2 * metrics.height() ? c.caption + QLatin1Char('\n') + humanBytes(c.bytes) : c.caption;
    p.drawText(text, Qt::AlignLeft | Qt::AlignTop | Qt::TextWrapAnywhere,
               metrics.elidedText(lines, Qt::ElideRight, static_cast<int>(text.width()) * 2));
  }
}

}  // namespace mxi::gui
