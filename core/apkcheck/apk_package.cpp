#include "core/apkcheck/apk_package.h"

#include <algorithm>
#include <filesystem>
#include <system_error>

#include "core/androidres/binary_xml.h"

namespace mxi::core::apkcheck {

namespace {

// Reads the manifest's split= attribute into `split` ("" for a base); false without a readable manifest.
bool readSplitName(ApkSplit& split) {
  const zip::ZipEntry* manifest = split.archive.find("AndroidManifest.xml");
  if (!manifest) return false;
  auto bytes = split.archive.read(*manifest);
  if (!bytes.ok()) return false;
  auto root = androidres::parseBinaryXml(*bytes);
  if (!root.ok()) return false;
  const androidres::XmlAttribute* name = root->attribute("split");
  split.splitName = name ? name->value.toString() : std::string();
  return true;
}

StatusOr<std::vector<std::string>> expandFolders(const std::vector<std::string>& paths) {
  std::vector<std::string> files;
  for (const std::string& path : paths) {
    std::error_code ec;
    if (!std::filesystem::is_directory(path, ec)) {
      files.push_back(path);
      continue;
    }
    std::vector<std::string> inFolder;
    for (const auto& item : std::filesystem::directory_iterator(path, ec)) {
      if (item.path().extension() == ".apk" && item.is_regular_file(ec)) inFolder.push_back(item.path().string());
    }
    if (ec) return ioError(path + ": cannot list: " + ec.message());
    if (inFolder.empty()) return notFound(path + ": no .apk file in this folder");
    std::sort(inFolder.begin(), inFolder.end());
    files.insert(files.end(), inFolder.begin(), inFolder.end());
  }
  return files;
}

}  // namespace

StatusOr<ApkPackage> ApkPackage::open(const std::vector<std::string>& paths) {
  if (paths.empty()) return invalidInput("no APK given");
  ASSIGN_OR_RETURN(const std::vector<std::string> files, expandFolders(paths));
  std::vector<ApkSplit> splits;
  for (const std::string& file : files) {
    ASSIGN_OR_RETURN(zip::ZipArchive archive, withContext(zip::ZipArchive::open(file), file));
    splits.push_back(ApkSplit{file, {}, std::move(archive)});
  }
  return fromArchives(std::move(splits));
}

ApkPackage ApkPackage::fromArchives(std::vector<ApkSplit> splits) {
  ApkPackage package;
  package.m_splits = std::move(splits);
  for (ApkSplit& split : package.m_splits) split.hasManifest = readSplitName(split);
  // The first APK whose manifest has no split= is the base; with none, the first given.
  for (size_t i = 0; i < package.m_splits.size(); ++i) {
    if (package.m_splits[i].hasManifest && package.m_splits[i].splitName.empty()) {
      package.m_base = i;
      break;
    }
  }
  package.index();
  return package;
}

void ApkPackage::index() {
  m_entries.clear();
  auto add = [this](size_t split) {
    for (const zip::ZipEntry& e : m_splits[split].archive.entries()) {
      if (!e.isDirectory()) m_entries.push_back(ApkEntry{&e, split});
    }
  };
  if (m_splits.empty()) return;
  add(m_base);
  for (size_t i = 0; i < m_splits.size(); ++i) {
    if (i != m_base) add(i);
  }
}

const ApkEntry* ApkPackage::find(std::string_view name) const {
  for (const ApkEntry& e : m_entries) {
    if (e.name() == name) return &e;
  }
  return nullptr;
}

StatusOr<std::string> ApkPackage::read(const ApkEntry& entry) const {
  return m_splits[entry.split].archive.read(*entry.entry);
}

StatusOr<zip::EntryBytes> ApkPackage::view(const ApkEntry& entry) const {
  return m_splits[entry.split].archive.view(*entry.entry);
}

std::string ApkPackage::displayName(const ApkEntry& entry) const {
  if (entry.split == m_base) return entry.name();
  const std::string& split = m_splits[entry.split].splitName;
  return (split.empty() ? std::filesystem::path(m_splits[entry.split].path).filename().string() : split) + ":" +
         entry.name();
}

uint64_t ApkPackage::fileSize() const {
  uint64_t total = 0;
  for (const ApkSplit& s : m_splits) total += s.archive.fileSize();
  return total;
}

std::vector<std::string> ApkPackage::problems() const {
  std::vector<std::string> out;
  for (const ApkSplit& s : m_splits) {
    for (const zip::ZipProblem& p : s.archive.problems()) {
      std::string line = std::filesystem::path(s.path).filename().string() + ": ";
      if (!p.entry.empty()) line += p.entry + ": ";
      line += p.message + " (at byte offset " + std::to_string(p.offset) + ")";
      out.push_back(std::move(line));
    }
  }
  return out;
}

std::string ApkPackage::label() const {
  if (m_splits.empty()) return {};
  std::string name = std::filesystem::path(base().path).filename().string();
  if (m_splits.size() > 1) {
    name += " + " + std::to_string(m_splits.size() - 1) + (m_splits.size() == 2 ? " split" : " splits");
  }
  return name;
}

}  // namespace mxi::core::apkcheck
