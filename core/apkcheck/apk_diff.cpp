#include "core/apkcheck/apk_diff.h"

#include <algorithm>
#include <map>

#include "core/apkcheck/apk_inputs.h"
#include "core/base/byte_units.h"

namespace mxi::core::apkcheck {

namespace {

using Sizes = std::map<std::string, std::pair<uint64_t, uint64_t>>;  // name → installed, compressed

std::string folderOf(const std::string& path) {
  const size_t slash = path.rfind('/');
  return slash == std::string::npos ? std::string() : path.substr(0, slash);
}

// "drawable" for "res/drawable-hdpi-v4/a.png"; empty outside res/.
std::string resourceTypeOf(const std::string& path) {
  if (!path.starts_with("res/")) return {};
  const size_t slash = path.find('/', 4);
  if (slash == std::string::npos) return {};
  return path.substr(4, std::min(slash, path.find('-', 4)) - 4);
}

// "libfoo.so" for "lib/arm64-v8a/libfoo.so"; empty for anything else.
std::string libraryOf(const std::string& path) {
  if (!path.starts_with("lib/") || !path.ends_with(".so")) return {};
  return path.substr(path.rfind('/') + 1);
}

struct Side {
  std::map<std::string, const ApkEntry*> files;
  Sizes folders, types, libraries, packages;
  uint64_t installed = 0;
};

Side describe(const ApkPackage& package, std::vector<std::string>& problems) {
  Side s;
  for (const ApkEntry& e : package.entries()) {
    const std::string name = package.displayName(e);
    s.files[name] = &e;
    const std::pair<uint64_t, uint64_t> size{e.entry->size, e.entry->compressedSize};
    auto add = [&size](Sizes& to, const std::string& key) {
      to[key].first += size.first;
      to[key].second += size.second;
    };
    add(s.folders, folderOf(e.name()));
    if (auto type = resourceTypeOf(e.name()); !type.empty()) add(s.types, type);
    if (auto lib = libraryOf(e.name()); !lib.empty()) add(s.libraries, lib);
    s.installed += e.entry->size;
  }
  const ApkInputs in = loadInputs(package);
  for (const DexEntry& d : in.dexFiles) {
    if (d.parsed < 0) problems.push_back(package.label() + ": " + d.error.toString());
  }
  for (const dex::DexFile& dex : in.dexes) {
    for (const dex::DexClassDef& c : dex.classes) {
      if (c.classIndex >= dex.types.size()) continue;
      const std::string name = dex::javaName(dex.types[c.classIndex]);
      const size_t dot = name.rfind('.');
      s.packages[dot == std::string::npos ? std::string() : name.substr(0, dot)].first += c.definedMethods();
    }
  }
  return s;
}

std::vector<GroupDelta> deltas(const Sizes& before, const Sizes& after) {
  std::map<std::string, GroupDelta> all;
  for (const auto& [name, size] : before) {
    GroupDelta& d = all[name];
    d.name = name;
    d.oldBytes = size.first;
    d.oldCompressed = size.second;
  }
  for (const auto& [name, size] : after) {
    GroupDelta& d = all[name];
    d.name = name;
    d.newBytes = size.first;
    d.newCompressed = size.second;
  }
  std::vector<GroupDelta> out;
  for (auto& [name, d] : all) {
    if (d.oldBytes != d.newBytes || d.oldCompressed != d.newCompressed) out.push_back(std::move(d));
  }
  // The largest change in installed bytes first.
  auto change = [](const GroupDelta& d) {
    return d.newBytes > d.oldBytes ? d.newBytes - d.oldBytes : d.oldBytes - d.newBytes;
  };
  std::stable_sort(out.begin(), out.end(),
                   [&](const GroupDelta& a, const GroupDelta& b) { return change(a) > change(b); });
  return out;
}

nlohmann::ordered_json groupsJson(const std::vector<GroupDelta>& groups, const char* unit) {
  nlohmann::ordered_json list = nlohmann::ordered_json::array();
  for (const GroupDelta& g : groups) {
    nlohmann::ordered_json item;
    item["name"] = g.name;
    if (std::string_view(unit) == "methods") {
      item["oldMethods"] = g.oldBytes;
      item["newMethods"] = g.newBytes;
    } else {
      item["oldBytes"] = g.oldBytes;
      item["newBytes"] = g.newBytes;
      item["oldCompressed"] = g.oldCompressed;
      item["newCompressed"] = g.newCompressed;
    }
    list.push_back(std::move(item));
  }
  return list;
}

std::string signedBytes(uint64_t before, uint64_t after) {
  return after >= before ? "+" + bytesText(after - before) : "-" + bytesText(before - after);
}

}  // namespace

ApkDiff diffApks(const ApkPackage& oldPackage, const ApkPackage& newPackage) {
  ApkDiff diff;
  diff.oldLabel = oldPackage.label();
  diff.newLabel = newPackage.label();
  diff.oldDownload = oldPackage.fileSize();
  diff.newDownload = newPackage.fileSize();
  const Side before = describe(oldPackage, diff.problems);
  const Side after = describe(newPackage, diff.problems);
  diff.oldInstalled = before.installed;
  diff.newInstalled = after.installed;
  for (const auto& [path, e] : before.files) {
    const auto it = after.files.find(path);
    if (it == after.files.end()) {
      diff.files.push_back({path, "removed", e->entry->size, 0, e->entry->compressedSize, 0});
      continue;
    }
    const zip::ZipEntry& a = *e->entry;
    const zip::ZipEntry& b = *it->second->entry;
    if (a.crc32 != b.crc32 || a.size != b.size || a.compressedSize != b.compressedSize) {
      diff.files.push_back({path, "changed", a.size, b.size, a.compressedSize, b.compressedSize});
    }
  }
  for (const auto& [path, e] : after.files) {
    if (!before.files.contains(path))
      diff.files.push_back({path, "added", 0, e->entry->size, 0, e->entry->compressedSize});
  }
  std::sort(diff.files.begin(), diff.files.end(),
            [](const FileChange& a, const FileChange& b) { return a.path < b.path; });
  diff.folders = deltas(before.folders, after.folders);
  diff.dexPackages = deltas(before.packages, after.packages);
  diff.resourceTypes = deltas(before.types, after.types);
  diff.nativeLibraries = deltas(before.libraries, after.libraries);
  return diff;
}

nlohmann::ordered_json apkDiffJson(const ApkDiff& diff) {
  nlohmann::ordered_json j;
  j["old"] = diff.oldLabel;
  j["new"] = diff.newLabel;
  j["totals"] = {{"oldDownload", diff.oldDownload},
                 {"newDownload", diff.newDownload},
                 {"downloadGrowth", diff.downloadGrowth()},
                 {"oldInstalled", diff.oldInstalled},
                 {"newInstalled", diff.newInstalled},
                 {"installedGrowth", int64_t(diff.newInstalled) - int64_t(diff.oldInstalled)}};
  nlohmann::ordered_json files = nlohmann::ordered_json::array();
  for (const FileChange& f : diff.files) {
    files.push_back({{"path", f.path},
                     {"change", f.change},
                     {"oldBytes", f.oldBytes},
                     {"newBytes", f.newBytes},
                     {"oldCompressed", f.oldCompressed},
                     {"newCompressed", f.newCompressed}});
  }
  j["files"] = std::move(files);
  j["folders"] = groupsJson(diff.folders, "bytes");
  j["dexPackages"] = groupsJson(diff.dexPackages, "methods");
  j["resourceTypes"] = groupsJson(diff.resourceTypes, "bytes");
  j["nativeLibraries"] = groupsJson(diff.nativeLibraries, "bytes");
  j["problems"] = diff.problems;
  return j;
}

std::string apkDiffText(const ApkDiff& diff, size_t top) {
  std::string out = diff.oldLabel + " → " + diff.newLabel + "\n";
  out += "download  " + bytesText(diff.oldDownload) + " → " + bytesText(diff.newDownload) + " (" +
         signedBytes(diff.oldDownload, diff.newDownload) + ")\n";
  out += "installed " + bytesText(diff.oldInstalled) + " → " + bytesText(diff.newInstalled) + " (" +
         signedBytes(diff.oldInstalled, diff.newInstalled) + ")\n";
  size_t added = 0, removed = 0, changed = 0;
  for (const FileChange& f : diff.files) (f.change == "added" ? added : f.change == "removed" ? removed : changed)++;
  out += "\nfiles: " + std::to_string(added) + " added, " + std::to_string(removed) + " removed, " +
         std::to_string(changed) + " changed\n";
  std::vector<const FileChange*> byChange;
  for (const FileChange& f : diff.files) byChange.push_back(&f);
  auto delta = [](const FileChange* f) {
    return f->newBytes > f->oldBytes ? f->newBytes - f->oldBytes : f->oldBytes - f->newBytes;
  };
  std::stable_sort(byChange.begin(), byChange.end(), [&](auto* a, auto* b) { return delta(a) > delta(b); });
  for (size_t i = 0; i < byChange.size() && i < top; ++i) {
    const FileChange& f = *byChange[i];
    out += "  " + f.change + "  " + f.path + "  " + bytesText(f.oldBytes) + " → " + bytesText(f.newBytes) + " (" +
           signedBytes(f.oldBytes, f.newBytes) + ", compressed " + signedBytes(f.oldCompressed, f.newCompressed) +
           ")\n";
  }
  if (byChange.size() > top) out += "  … and " + std::to_string(byChange.size() - top) + " more\n";
  auto groups = [&](const char* title, const std::vector<GroupDelta>& list, bool methods) {
    if (list.empty()) return;
    out += std::string("\n") + title + "\n";
    for (size_t i = 0; i < list.size() && i < top; ++i) {
      const GroupDelta& g = list[i];
      const std::string name = g.name.empty() ? "(root)" : g.name;
      if (methods) {
        out += "  " + name + "  " + std::to_string(g.oldBytes) + " → " + std::to_string(g.newBytes) + " methods\n";
      } else {
        out += "  " + name + "  " + bytesText(g.oldBytes) + " → " + bytesText(g.newBytes) + " (" +
               signedBytes(g.oldBytes, g.newBytes) + ")\n";
      }
    }
    if (list.size() > top) out += "  … and " + std::to_string(list.size() - top) + " more\n";
  };
  groups("folders", diff.folders, false);
  groups("dex packages", diff.dexPackages, true);
  groups("resource types", diff.resourceTypes, false);
  groups("native libraries", diff.nativeLibraries, false);
  for (const std::string& p : diff.problems) out += "problem: " + p + "\n";
  return out;
}

}  // namespace mxi::core::apkcheck
