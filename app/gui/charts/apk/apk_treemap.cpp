#include "app/gui/charts/apk/apk_treemap.h"

#include <algorithm>

#include "app/gui/models/format.h"

namespace mxi::gui {

ApkTreemap::ApkTreemap(std::shared_ptr<const ApkFileTree> tree, QWidget* parent)
    : TreemapChart(parent), m_tree(std::move(tree)) {
  setObjectName(QStringLiteral("apkTreemap"));
  connect(this, &TreemapChart::cellClicked, this, [this](int index) {
    const size_t node = m_nodes[static_cast<size_t>(index)];
    if (node == kOthers) return;
    if (!drillInto(node)) emit fileClicked(node);
  });
  connect(this, &TreemapChart::backRequested, this, &ApkTreemap::back);
  rebuild();
}

QColor ApkTreemap::colourOf(ApkFileKind kind) {
  switch (kind) {
    case ApkFileKind::Dex: return {0x8a, 0xb4, 0xf8};
    case ApkFileKind::NativeLibrary: return {0xf2, 0x8b, 0x82};
    case ApkFileKind::Resources: return {0x81, 0xc9, 0x95};
    case ApkFileKind::Assets: return {0xfd, 0xd6, 0x63};
    case ApkFileKind::ResourceTable: return {0xc5, 0x8a, 0xf9};
    case ApkFileKind::Other: break;
  }
  return {0xbd, 0xc1, 0xc6};
}

QString ApkTreemap::breadcrumb() const {
  QStringList parts;
  for (size_t at = m_focus;; at = m_tree->node(at).parent) {
    const ApkTreeNode& n = m_tree->node(at);
    parts.prepend(tr("%1 (%2)").arg(at == ApkFileTree::kRoot ? tr("Package") : n.name, humanBytes(bytesOf(n))));
    if (at == ApkFileTree::kRoot) break;
  }
  return parts.join(QStringLiteral(" › "));
}

void ApkTreemap::setDownloadBytes(bool download) {
  if (m_download == download) return;
  m_download = download;
  rebuild();
  emit focusChanged(m_focus);
}

bool ApkTreemap::drillInto(size_t node) {
  if (node >= m_tree->size() || !m_tree->node(node).isFolder() || m_tree->node(node).children.empty()) return false;
  m_focus = node;
  rebuild();
  emit focusChanged(m_focus);
  return true;
}

bool ApkTreemap::back() {
  if (m_focus == ApkFileTree::kRoot) return false;
  m_focus = m_tree->node(m_focus).parent;
  rebuild();
  emit focusChanged(m_focus);
  return true;
}

void ApkTreemap::rebuild() {
  std::vector<size_t> children = m_tree->node(m_focus).children;
  // Biggest first in the bytes shown (the tree orders by installed bytes).
  std::stable_sort(children.begin(), children.end(),
                   [this](size_t a, size_t b) { return bytesOf(m_tree->node(a)) > bytesOf(m_tree->node(b)); });
  m_nodes.clear();
  std::vector<TreemapCell> cells;
  uint64_t others = 0;
  size_t otherCount = 0;
  for (size_t i = 0; i < children.size(); ++i) {
    const ApkTreeNode& n = m_tree->node(children[i]);
    if (i >= kMaxCells) {
      others += bytesOf(n);
      ++otherCount;
      continue;
    }
    m_nodes.push_back(children[i]);
    cells.push_back(
        {n.isFolder() ? n.name + QLatin1Char('/') : n.name, n.path, colourOf(n.kind), bytesOf(n), true, {}});
  }
  if (otherCount > 0) {
    m_nodes.push_back(kOthers);
    cells.push_back({tr("%n other(s)", nullptr, static_cast<int>(otherCount)),
                     tr("%n other file(s) and folder(s)", nullptr, static_cast<int>(otherCount)),
                     QColor(0xdd, 0xdd, 0xdd),
                     others,
                     false,
                     {}});
  }
  setChartCells(std::move(cells));
}

QString ApkTreemap::toolTipFor(int index) const {
  const size_t node = m_nodes[static_cast<size_t>(index)];
  const TreemapCell& c = chartCells()[static_cast<size_t>(index)];
  if (node == kOthers) return tr("%1\n%2").arg(c.label, exactBytes(c.bytes));
  const ApkTreeNode& n = m_tree->node(node);
  return tr("%1 (%2)\n%3 installed, %4 compressed%5")
      .arg(n.path, apkFileKindName(n.kind), exactBytes(n.installed), exactBytes(n.download),
           n.isFolder() ? tr("\n%n file(s); click: open; right click: back", nullptr, static_cast<int>(n.files))
                        : QString());
}

}  // namespace mxi::gui
