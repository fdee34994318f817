#include "core/dex/method_count.h"

#include <algorithm>
#include <map>
#include <set>
#include <string_view>
#include <unordered_map>
#include <unordered_set>

#include "core/mapping/r8_mapping.h"

namespace mxi::core::dex {

namespace {

// Every type's Java name in one dex, under its original name when a mapping is given.
std::vector<std::string> displayNames(const DexFile& dex, const mapping::R8Mapping* mapping) {
  std::vector<std::string> names;
  names.reserve(dex.types.size());
  for (const auto& descriptor : dex.types) {
    std::string name = javaName(descriptor);
    names.push_back(mapping ? mapping->originalClass(name) : std::move(name));
  }
  return names;
}

std::unordered_set<std::string_view> definedDescriptors(std::span<const DexFile> dexes) {
  std::unordered_set<std::string_view> defined;
  for (const auto& dex : dexes) {
    for (const auto& c : dex.classes) defined.insert(dex.types[c.classIndex]);
  }
  return defined;
}

std::vector<GroupCount> mostFirst(const std::unordered_map<std::string, uint32_t>& groups) {
  std::vector<GroupCount> out;
  out.reserve(groups.size());
  for (const auto& [name, methods] : groups) out.push_back({name, methods});
  std::sort(out.begin(), out.end(), [](const GroupCount& a, const GroupCount& b) {
    return a.methods != b.methods ? a.methods > b.methods : a.name < b.name;
  });
  return out;
}

}  // namespace

std::string javaPackage(std::string_view className) {
  const size_t dot = className.rfind('.');
  return dot == std::string_view::npos ? std::string() : std::string(className.substr(0, dot));
}

bool isRClass(std::string_view className) {
  const std::string_view outer = className.substr(0, className.find('$'));
  return outer == "R" || (outer.size() > 2 && outer.substr(outer.size() - 2) == ".R");
}

MethodCountReport countMethods(std::span<const DexFile> dexes, const CountOptions& options) {
  const auto defined = definedDescriptors(dexes);
  MethodCountReport report;
  std::unordered_map<std::string, uint32_t> totalInternal, totalExternal;
  std::unordered_set<std::string_view> totalInternalClasses, totalExternalClasses;
  for (const auto& dex : dexes) {
    const auto names = displayNames(dex, options.mapping);
    DexMethodCount count;
    std::unordered_map<std::string, uint32_t> internal, external;
    std::unordered_set<uint32_t> internalClasses, externalClasses;
    for (const auto& method : dex.methods) {
      const std::string_view descriptor = dex.types[method.classIndex];
      const bool isInternal = defined.contains(descriptor);
      const std::string& name = names[method.classIndex];
      const std::string key = options.group == CountGroup::kClass ? name : javaPackage(name);
      if (isInternal) {
        ++count.internalMethods;
        ++internal[key];
        internalClasses.insert(method.classIndex);
        totalInternalClasses.insert(descriptor);
      } else {
        ++count.externalMethods;
        ++external[key];
        externalClasses.insert(method.classIndex);
        totalExternalClasses.insert(descriptor);
      }
    }
    count.methodIds = static_cast<uint32_t>(dex.methods.size());
    count.internalClasses = static_cast<uint32_t>(internalClasses.size());
    count.externalClasses = static_cast<uint32_t>(externalClasses.size());
    for (const auto& c : dex.classes) count.definedMethods += c.definedMethods();
    count.classes = static_cast<uint32_t>(dex.classes.size());
    for (const auto& [key, methods] : internal) totalInternal[key] += methods;
    for (const auto& [key, methods] : external) totalExternal[key] += methods;
    count.internal = mostFirst(internal);
    count.external = mostFirst(external);

    DexMethodCount& total = report.total;
    total.methodIds += count.methodIds;
    total.internalMethods += count.internalMethods;
    total.externalMethods += count.externalMethods;
    total.definedMethods += count.definedMethods;
    total.classes += count.classes;
    report.dexes.push_back(std::move(count));
  }
  report.total.internalClasses = static_cast<uint32_t>(totalInternalClasses.size());
  report.total.externalClasses = static_cast<uint32_t>(totalExternalClasses.size());
  report.total.internal = mostFirst(totalInternal);
  report.total.external = mostFirst(totalExternal);
  return report;
}

ClassCountReport countClasses(std::span<const DexFile> dexes, const mapping::R8Mapping* mapping) {
  ClassCountReport report;
  std::map<std::string, uint32_t> rFields;
  for (const auto& dex : dexes) {
    const auto names = displayNames(dex, mapping);
    std::map<std::string, std::set<std::string>> packages;
    std::vector<bool> definedHere(dex.types.size(), false);
    for (const auto& c : dex.classes) {
      const std::string& name = names[c.classIndex];
      packages[javaPackage(name)].insert(name);
      definedHere[c.classIndex] = true;
      if (isRClass(name)) rFields.try_emplace(name.substr(0, name.find('$')), 0);  // even with no fields
    }
    // As Matrix: the field ids of the R classes this dex defines (a field another dex only
    // references is counted where its class is defined).
    for (const auto& field : dex.fields) {
      const std::string& owner = names[field.classIndex];
      if (definedHere[field.classIndex] && isRClass(owner)) ++rFields[owner.substr(0, owner.find('$'))];
    }
    DexClassCount count;
    count.classes = static_cast<uint32_t>(dex.classes.size());
    for (auto& [package, classes] : packages) {
      count.packages.push_back({package, std::vector<std::string>(classes.begin(), classes.end())});
    }
    report.classes += count.classes;
    report.dexes.push_back(std::move(count));
  }
  for (const auto& [name, fields] : rFields) {
    report.rClasses.push_back({name, fields});
    report.rFields += fields;
  }
  return report;
}

}  // namespace mxi::core::dex
