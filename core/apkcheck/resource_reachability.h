// Which resources an app can reach: from the roots (ids its code loads, everything the manifest
// refers to) through resources.arsc (reference values, style and array items, a style's parent,
// explicit or by name) and through the compiled XML files the reached resources are (layouts, drawables,
// menus… their attributes' references). Whatever is not reached is unused.
#pragma once

#include <cstdint>
#include <unordered_set>
#include <vector>

#include "core/androidres/binary_xml.h"
#include "core/androidres/resource_table.h"
#include "core/apkcheck/apk_package.h"

namespace mxi::core::apkcheck {

struct Reachability {
  std::unordered_set<uint32_t> reached;
  std::vector<std::string> problems;  // XML files that could not be read ("res/layout/a.xml: …")
};

// The resource ids an XML tree refers to: attribute names' ids and reference values.
void collectXmlReferences(const androidres::XmlElement& element, std::vector<uint32_t>& ids);

Reachability reachableResources(const ApkPackage& package, const androidres::ResourceTable& table,
                                const std::vector<uint32_t>& roots);

}  // namespace mxi::core::apkcheck
