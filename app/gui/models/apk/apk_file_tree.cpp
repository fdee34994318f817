#include "app/gui/models/apk/apk_file_tree.h"

#include <QStringList>
#include <algorithm>
#include <array>
#include <unordered_map>

namespace mxi::gui {

ApkFileKind apkFileKind(std::string_view name) {
  if (name == "resources.arsc") return ApkFileKind::ResourceTable;
  if (name.find('/') == std::string_view::npos && name.ends_with(".dex")) return ApkFileKind::Dex;
  if (name.starts_with("lib/") && name.ends_with(".so")) return ApkFileKind::NativeLibrary;
  if (name.starts_with("res/")) return ApkFileKind::Resources;
  if (name.starts_with("assets/")) return ApkFileKind::Assets;
  return ApkFileKind::Other;
}

QString apkFileKindName(ApkFileKind kind) {
  switch (kind) {
    case ApkFileKind::Dex: return QStringLiteral("dex");
    case ApkFileKind::NativeLibrary: return QStringLiteral("native library");
    case ApkFileKind::Resources: return QStringLiteral("resources");
    case ApkFileKind::Assets: return QStringLiteral("assets");
    case ApkFileKind::ResourceTable: return QStringLiteral("arsc");
    case ApkFileKind::Other: break;
  }
  return QStringLiteral("other");
}

ApkFileTree::ApkFileTree(const core::apkcheck::ApkPackage& package) {
  m_nodes.push_back({});
  for (const core::apkcheck::ApkEntry& e : package.entries()) {
    const QString name = QString::fromStdString(e.name());
    const QStringList parts = name.split(QLatin1Char('/'), Qt::SkipEmptyParts);
    if (parts.isEmpty()) continue;
    size_t at = kRoot;
    QString path;
    for (qsizetype i = 0; i < parts.size(); ++i) {
      path = path.isEmpty() ? parts[i] : path + QLatin1Char('/') + parts[i];
      if (i + 1 < parts.size()) {
        at = child(at, parts[i], path);
        continue;
      }
      // A file: a split may carry an entry of the same name as the base; each stays its own node.
      const size_t file = m_nodes.size();
      ApkTreeNode leaf;
      leaf.name = parts[i];
      leaf.path = name;
      leaf.kind = apkFileKind(e.name());
      leaf.installed = e.entry->size;
      leaf.download = e.entry->compressedSize;
      leaf.files = 1;
      leaf.parent = at;
      leaf.entry = &e;
      m_nodes.push_back(std::move(leaf));
      m_nodes[at].children.push_back(file);
    }
  }
  // Sums and kinds bottom-up: children always come after their parent.
  std::vector<std::array<uint64_t, kApkFileKinds>> byKind(m_nodes.size(), std::array<uint64_t, kApkFileKinds>{});
  for (size_t i = m_nodes.size(); i-- > 0;) {
    ApkTreeNode& n = m_nodes[i];
    if (!n.isFolder()) byKind[i][static_cast<size_t>(n.kind)] += n.installed;
    if (n.isFolder()) {
      const auto biggest = std::max_element(byKind[i].begin(), byKind[i].end());
      n.kind = static_cast<ApkFileKind>(biggest - byKind[i].begin());
      std::stable_sort(n.children.begin(), n.children.end(),
                       [this](size_t a, size_t b) { return m_nodes[a].installed > m_nodes[b].installed; });
    }
    if (i == kRoot) break;
    ApkTreeNode& up = m_nodes[n.parent];
    up.installed += n.installed;
    up.download += n.download;
    up.files += n.files;
    for (int k = 0; k < kApkFileKinds; ++k)
      byKind[n.parent][static_cast<size_t>(k)] += byKind[i][static_cast<size_t>(k)];
  }
}

size_t ApkFileTree::child(size_t parent, const QString& name, const QString& path) {
  for (size_t c : m_nodes[parent].children) {
    if (m_nodes[c].isFolder() && m_nodes[c].name == name) return c;
  }
  const size_t index = m_nodes.size();
  ApkTreeNode folder;
  folder.name = name;
  folder.path = path;
  folder.parent = parent;
  m_nodes.push_back(std::move(folder));
  m_nodes[parent].children.push_back(index);
  return index;
}

size_t ApkFileTree::find(const QString& path) const {
  for (size_t i = 0; i < m_nodes.size(); ++i) {
    if (m_nodes[i].path == path) return i;
  }
  return m_nodes.size();
}

std::vector<size_t> ApkFileTree::filesUnder(size_t index) const {
  std::vector<size_t> out;
  std::vector<size_t> stack{index};
  while (!stack.empty()) {
    const size_t at = stack.back();
    stack.pop_back();
    const ApkTreeNode& n = m_nodes[at];
    if (!n.isFolder()) out.push_back(at);
    for (auto c = n.children.rbegin(); c != n.children.rend(); ++c) stack.push_back(*c);
  }
  return out;
}

}  // namespace mxi::gui
