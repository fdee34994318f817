// An app's package as the checker sees it: one APK, or the APKs an app bundle installs (a base
// and its config splits) given together or as a folder, opened as one app. Every entry keeps the
// split it came from; the base is the APK whose manifest has no `split=`. Nothing is extracted:
// entries are read in memory through core/zip.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

#include "core/base/status.h"
#include "core/zip/zip_archive.h"

namespace mxi::core::apkcheck {

struct ApkSplit {
  std::string path;       // the file (or the label given to fromArchives)
  std::string splitName;  // the manifest's split= ("config.arm64_v8a"); empty for the base
  zip::ZipArchive archive;
  bool hasManifest = false;  // an AndroidManifest.xml that could be read
};

struct ApkEntry {
  const zip::ZipEntry* entry = nullptr;  // owned by the split's archive
  size_t split = 0;                      // index into ApkPackage::splits()
  const std::string& name() const { return entry->name; }
};

class ApkPackage {
 public:
  // Files and folders (a folder gives every *.apk in it, by name). An unreadable file is an error
  // naming it; a damaged one opens with its problems.
  static StatusOr<ApkPackage> open(const std::vector<std::string>& paths);
  // Archives already open (tests, an APK read from memory).
  static ApkPackage fromArchives(std::vector<ApkSplit> splits);

  const std::vector<ApkSplit>& splits() const { return m_splits; }
  size_t baseSplit() const { return m_base; }
  const ApkSplit& base() const { return m_splits[m_base]; }
  // Every file entry (directories left out), the base's first, each split in central-directory order.
  const std::vector<ApkEntry>& entries() const { return m_entries; }
  // The entry named `name` in the base, else in the first split that has it; nullptr when none.
  const ApkEntry* find(std::string_view name) const;
  StatusOr<std::string> read(const ApkEntry& entry) const;
  // The entry's bytes for one reading, not copied when stored (zip::ZipArchive::view).
  StatusOr<zip::EntryBytes> view(const ApkEntry& entry) const;
  // The entry's name, with "<split>:" in front when it comes from a split ("config.x86:lib/x86/a.so").
  std::string displayName(const ApkEntry& entry) const;
  // Bytes of the package files together (the download when each is fetched whole).
  uint64_t fileSize() const;
  // "base.apk: entry: message (at byte offset N)" for everything the zip reader skipped.
  std::vector<std::string> problems() const;
  // "app.apk" or "base.apk + 2 splits": how reports name the package.
  std::string label() const;

 private:
  void index();

  std::vector<ApkSplit> m_splits;
  size_t m_base = 0;
  std::vector<ApkEntry> m_entries;
};

}  // namespace mxi::core::apkcheck
