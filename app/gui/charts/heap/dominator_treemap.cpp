#include "app/gui/charts/heap/dominator_treemap.h"

#include <QPainter>

#include "app/gui/models/format.h"
#include "app/gui/models/heap/object_names.h"
#include "core/hprof/heap_list.h"

namespace mxi::gui {

namespace {

// A stable, readable colour per class name.
QColor colourOf(const QString& name) {
  const auto hue = static_cast<int>(qHash(name) % 360);
  return QColor::fromHsl(hue, 110, 175);
}

QString shortName(const QString& name) {
  const int dot = name.lastIndexOf(QLatin1Char('.'));
  return dot < 0 ? name : name.mid(dot + 1);
}

}  // namespace

DominatorTreemap::DominatorTreemap(std::shared_ptr<const HeapDocument> doc, QWidget* parent)
    : TreemapChart(parent), m_doc(std::move(doc)) {
  setObjectName(QStringLiteral("dominatorTreemap"));
  connect(this, &TreemapChart::cellClicked, this,
          [this](int index) { drillInto(m_cells[static_cast<size_t>(index)].object); });
  connect(this, &TreemapChart::backRequested, this, &DominatorTreemap::back);
  rebuild();
}

QString DominatorTreemap::breadcrumb() const {
  QStringList parts{tr("Heap (%1 retained)").arg(humanBytes(m_doc->dominators->reachableBytes()))};
  for (core::hprof::ObjectIndex o : m_path) {
    parts << tr("%1 (%2)").arg(describeObject(*m_doc->index, o), humanBytes(m_doc->dominators->retainedBytes(o)));
  }
  return parts.join(QStringLiteral(" › "));
}

bool DominatorTreemap::drillInto(core::hprof::ObjectIndex object) {
  if (object == core::hprof::kNoObject || m_doc->dominators->childCount(object) == 0) return false;
  m_path.push_back(object);
  rebuild();
  emit focusChanged(breadcrumb());
  return true;
}

bool DominatorTreemap::back() {
  if (m_path.empty()) return false;
  m_path.pop_back();
  rebuild();
  emit focusChanged(breadcrumb());
  return true;
}

void DominatorTreemap::rebuild() {
  const auto& dom = *m_doc->dominators;
  const auto& ix = *m_doc->index;
  const core::hprof::ObjectIndex at = focus();
  // Biggest first. The tops (the super root's children, millions on a large heap) were ordered
  // off the UI thread with the document; ordering them here froze the window for seconds.
  std::vector<core::hprof::ObjectIndex> below;
  if (at != core::hprof::kNoObject) below = dom.children(at);
  const std::vector<core::hprof::ObjectIndex>& children = at == core::hprof::kNoObject ? m_doc->dominatorTops : below;
  m_cells.clear();
  uint64_t others = 0;
  size_t otherCount = 0;
  for (size_t i = 0; i < children.size(); ++i) {
    const uint64_t bytes = dom.retainedBytes(children[i]);
    if (i < kMaxCells) {
      m_cells.push_back({children[i],
                         describeObject(ix, children[i]),
                         classNameOf(ix, children[i]),
                         bytes,
                         {},
                         dom.childCount(children[i]) > 0});
    } else {
      others += bytes;
      ++otherCount;
    }
  }
  if (otherCount > 0) {
    m_cells.push_back({core::hprof::kNoObject,
                       tr("%n other object(s)", nullptr, static_cast<int>(otherCount)),
                       {},
                       others,
                       {},
                       false});
  }
  if (at != core::hprof::kNoObject && ix.shallowSize(at) > 0) {
    m_cells.push_back({core::hprof::kNoObject, tr("itself (shallow)"), {}, ix.shallowSize(at), {}, false});
  }
  // The objects biggest first (the layout's best shapes), the "others" and "itself" cells last.
  std::stable_sort(m_cells.begin(), m_cells.end(), [](const Cell& a, const Cell& b) {
    const bool aObject = a.object != core::hprof::kNoObject, bObject = b.object != core::hprof::kNoObject;
    return aObject != bObject ? aObject : a.bytes > b.bytes;
  });
  std::vector<TreemapCell> drawn;
  drawn.reserve(m_cells.size());
  for (const Cell& c : m_cells) {
    const bool object = c.object != core::hprof::kNoObject;
    drawn.push_back({object ? shortName(c.className) : c.label,
                     c.label,
                     object ? colourOf(c.className) : QColor(0xdd, 0xdd, 0xdd),
                     c.bytes,
                     c.drillable,
                     {}});
  }
  setChartCells(std::move(drawn));
}

void DominatorTreemap::laidOut() {
  const auto& drawn = chartCells();
  for (size_t i = 0; i < m_cells.size() && i < drawn.size(); ++i) m_cells[i].rect = drawn[i].rect;
}

QString DominatorTreemap::toolTipFor(int index) const {
  const Cell& c = m_cells[static_cast<size_t>(index)];
  const uint64_t total = m_doc->dominators->reachableBytes();
  return tr("%1\n%2 retained (%3 of the heap)%4")
      .arg(c.label, exactBytes(c.bytes),
           humanPercent(total ? 100.0 * static_cast<double>(c.bytes) / static_cast<double>(total) : 0),
           c.drillable ? tr("\nclick: what it dominates; right click: back") : QString());
}

HeapsBar::HeapsBar(std::shared_ptr<const HeapDocument> doc, QWidget* parent) : QWidget(parent), m_doc(std::move(doc)) {
  setMinimumHeight(24);
  setObjectName(QStringLiteral("heapsBar"));
  QStringList all;
  for (const uint8_t index : core::hprof::listedHeaps(*m_doc->index)) {
    const auto& h = m_doc->index->heaps()[index];
    all << QStringLiteral("%1: %2").arg(QString::fromStdString(h.name), exactBytes(h.shallowBytes));
  }
  setToolTip(all.join(QLatin1Char('\n')));
}

void HeapsBar::paintEvent(QPaintEvent*) {
  QPainter p(this);
  const auto& heaps = m_doc->index->heaps();
  uint64_t total = 0;
  for (const auto& h : heaps) total += h.shallowBytes;
  if (total == 0) return;
  static const QColor kColours[] = {QColor(0x42, 0x85, 0xf4), QColor(0xf4, 0xb4, 0x00), QColor(0x0f, 0x9d, 0x58),
                                    QColor(0xdb, 0x44, 0x37), QColor(0x9e, 0x9e, 0x9e)};
  double x = 0;
  const QFontMetrics metrics(font());
  size_t colour = 0;
  for (const uint8_t i : core::hprof::listedHeaps(*m_doc->index)) {
    const double w =
        static_cast<double>(width()) * static_cast<double>(heaps[i].shallowBytes) / static_cast<double>(total);
    const QRectF r(x, 0, w, height());
    p.fillRect(r, kColours[colour++ % std::size(kColours)]);
    const QString label =
        tr("%1 %2 (%3)")
            .arg(QString::fromStdString(heaps[i].name), humanBytes(heaps[i].shallowBytes),
                 humanPercent(100.0 * static_cast<double>(heaps[i].shallowBytes) / static_cast<double>(total)));
    if (metrics.horizontalAdvance(label) + 8 < w) {
      p.setPen(Qt::white);
      p.drawText(r.adjusted(4, 0, -4, 0), Qt::AlignVCenter | Qt::AlignLeft, label);
    }
    x += w;
  }
}

}  // namespace mxi::gui
