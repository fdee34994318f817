#include "core/apkcheck/resource_reachability.h"

#include <unordered_map>

namespace mxi::core::apkcheck {

namespace {

using androidres::ResValue;

bool isReference(const ResValue& v) {
  return v.type == ResValue::kReference || v.type == ResValue::kAttribute || v.type == ResValue::kDynamicReference;
}

}  // namespace

void collectXmlReferences(const androidres::XmlElement& element, std::vector<uint32_t>& ids) {
  for (const androidres::XmlAttribute& a : element.attributes) {
    if (a.resourceId) ids.push_back(a.resourceId);
    if (isReference(a.value) && a.value.data) ids.push_back(a.value.data);
  }
  for (const androidres::XmlElement& child : element.children) collectXmlReferences(child, ids);
}

Reachability reachableResources(const ApkPackage& package, const androidres::ResourceTable& table,
                                const std::vector<uint32_t>& roots) {
  Reachability out;
  // A style named "A.B.C" without an explicit parent inherits from "A.B": keep those reached too.
  std::unordered_map<std::string, uint32_t> byName;
  for (const androidres::ResourceEntry& e : table.entries()) byName.emplace(e.type + "/" + e.name, e.id);
  std::unordered_set<std::string> readFiles;
  std::vector<uint32_t> queue = roots;
  while (!queue.empty()) {
    const uint32_t id = queue.back();
    queue.pop_back();
    if (!out.reached.insert(id).second) continue;
    const androidres::ResourceEntry* entry = table.find(id);
    if (!entry) continue;
    if (entry->type == "style") {
      for (size_t dot = entry->name.rfind('.'); dot != std::string::npos && dot > 0;
           dot = entry->name.rfind('.', dot - 1)) {
        if (auto it = byName.find("style/" + entry->name.substr(0, dot)); it != byName.end())
          queue.push_back(it->second);
      }
    }
    for (const androidres::ResourceConfigValue& value : entry->values) {
      if (isReference(value.value) && value.value.data) queue.push_back(value.value.data);
      if (value.parent) queue.push_back(value.parent);
      for (const auto& [key, item] : value.bag) {
        queue.push_back(key);
        if (isReference(item) && item.data) queue.push_back(item.data);
      }
      const std::string& path = value.value.string;
      if (value.value.type != ResValue::kString || !path.ends_with(".xml") || !readFiles.insert(path).second) continue;
      const ApkEntry* file = package.find(path);
      if (!file) continue;
      auto bytes = package.read(*file);
      if (!bytes.ok()) {
        out.problems.push_back(path + ": " + bytes.status().toString());
        continue;
      }
      auto xml = androidres::parseBinaryXml(*bytes);
      if (!xml.ok()) {
        out.problems.push_back(path + ": " + xml.status().toString());
        continue;
      }
      collectXmlReferences(*xml, queue);
    }
  }
  return out;
}

}  // namespace mxi::core::apkcheck
