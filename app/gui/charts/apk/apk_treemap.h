// The package as a treemap by folder and file, coloured by the kind of file (dex, native
// library, resources, assets, arsc, other), sized by installed or download (compressed) bytes.
// A click on a folder drills into it, a click on a file selects it, Back (or a right click)
// returns. The biggest kMaxCells children are drawn, the rest as one "others" cell.
#pragma once

#include <QString>
#include <memory>
#include <vector>

#include "app/gui/charts/treemap_chart.h"
#include "app/gui/models/apk/apk_file_tree.h"

namespace mxi::gui {

class ApkTreemap : public TreemapChart {
  Q_OBJECT
 public:
  static constexpr size_t kMaxCells = 40;
  static constexpr size_t kOthers = static_cast<size_t>(-1);  // the node of the "others" cell

  explicit ApkTreemap(std::shared_ptr<const ApkFileTree> tree, QWidget* parent = nullptr);
  static QColor colourOf(ApkFileKind kind);

  size_t focus() const { return m_focus; }
  // The tree node each cell stands for (kOthers for the rest), in chartCells() order.
  const std::vector<size_t>& cellNodes() const { return m_nodes; }
  // "app.apk (12.3 MB) › res (4.1 MB) › drawable (1.2 MB)".
  QString breadcrumb() const;
  // Compressed (download) bytes instead of installed ones.
  void setDownloadBytes(bool download);
  bool downloadBytes() const { return m_download; }
  // Shows the folder `node`'s children; false for a file.
  bool drillInto(size_t node);
  bool back();

 signals:
  void focusChanged(size_t folder);
  void fileClicked(size_t node);

 protected:
  QString toolTipFor(int index) const override;

 private:
  void rebuild();
  uint64_t bytesOf(const ApkTreeNode& n) const { return m_download ? n.download : n.installed; }

  std::shared_ptr<const ApkFileTree> m_tree;
  size_t m_focus = ApkFileTree::kRoot;
  bool m_download = false;
  std::vector<size_t> m_nodes;
};

}  // namespace mxi::gui
