// Two builds of an app compared (`mxi apk diff`): what appeared, vanished, grew and shrank, by
// file, by folder, by dex package (method ids), by resource type and by native library, in
// download bytes (compressed, and the package files) and installed bytes (inflated).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "core/apkcheck/apk_package.h"

namespace mxi::core::apkcheck {

struct FileChange {
  std::string path;
  std::string change;                             // "added", "removed", "changed"
  uint64_t oldBytes = 0, newBytes = 0;            // installed
  uint64_t oldCompressed = 0, newCompressed = 0;  // download
};

// A group (folder, resource type, library, dex package) in both builds; only groups that differ.
struct GroupDelta {
  std::string name;
  uint64_t oldBytes = 0, newBytes = 0;  // for dex packages: method ids
  uint64_t oldCompressed = 0, newCompressed = 0;
};

struct ApkDiff {
  std::string oldLabel, newLabel;
  uint64_t oldDownload = 0, newDownload = 0;    // the package files' bytes
  uint64_t oldInstalled = 0, newInstalled = 0;  // every entry inflated
  std::vector<FileChange> files;                // by path
  std::vector<GroupDelta> folders;              // an entry's folder ("res/drawable-hdpi", "" the root)
  std::vector<GroupDelta> dexPackages;          // method ids defined per package
  std::vector<GroupDelta> resourceTypes;        // res/<type>[-qualifiers]/ files by type ("drawable")
  std::vector<GroupDelta> nativeLibraries;      // lib/<abi>/<name>.so by name, all ABIs together
  std::vector<std::string> problems;            // parts that could not be read (dex files…)
  int64_t downloadGrowth() const { return int64_t(newDownload) - int64_t(oldDownload); }
};

ApkDiff diffApks(const ApkPackage& oldPackage, const ApkPackage& newPackage);

nlohmann::ordered_json apkDiffJson(const ApkDiff& diff);
std::string apkDiffText(const ApkDiff& diff, size_t top = 20);

}  // namespace mxi::core::apkcheck
