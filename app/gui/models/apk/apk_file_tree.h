// The package's files as a tree of folders (every split's entries under the same folders, as
// they install), each node with its installed (inflated) and download (compressed) bytes and the
// kind of file it is, for the APK page's treemap and table. A folder's kind is the kind holding
// most of its bytes. Only sums what core's zip reader listed; QtCore only.
#pragma once

#include <QString>
#include <cstdint>
#include <string_view>
#include <vector>

#include "core/apkcheck/apk_package.h"

namespace mxi::gui {

enum class ApkFileKind { Dex, NativeLibrary, Resources, Assets, ResourceTable, Other };
inline constexpr int kApkFileKinds = 6;

// "classes2.dex" → Dex, "lib/arm64-v8a/x.so" → NativeLibrary, "res/…" → Resources, "assets/…" →
// Assets, "resources.arsc" → ResourceTable, anything else Other.
ApkFileKind apkFileKind(std::string_view entryName);
QString apkFileKindName(ApkFileKind kind);  // "dex", "native library", "resources", "assets", "arsc", "other"

struct ApkTreeNode {
  QString name;  // the last path segment ("" for the root)
  QString path;  // "res/drawable" (folders), "res/drawable/a.png" (files), "" the root
  ApkFileKind kind = ApkFileKind::Other;
  uint64_t installed = 0;  // entry sizes inflated
  uint64_t download = 0;   // entry sizes in the archive
  size_t files = 0;        // files at or under this node
  size_t parent = 0;
  std::vector<size_t> children;                     // biggest installed first
  const core::apkcheck::ApkEntry* entry = nullptr;  // files only
  bool isFolder() const { return entry == nullptr; }
};

class ApkFileTree {
 public:
  static constexpr size_t kRoot = 0;
  explicit ApkFileTree(const core::apkcheck::ApkPackage& package);
  const ApkTreeNode& node(size_t index) const { return m_nodes[index]; }
  size_t size() const { return m_nodes.size(); }
  // The node at `path` ("" the root); kRoot's index… or npos-like size() when there is none.
  size_t find(const QString& path) const;
  // Every file at or under `index`, in tree order.
  std::vector<size_t> filesUnder(size_t index) const;

 private:
  size_t child(size_t parent, const QString& name, const QString& path);

  std::vector<ApkTreeNode> m_nodes;
};

}  // namespace mxi::gui
