// AndroidManifest.xml as the checker reports it: the fields a person asks for first (package,
// versions resolved through resources.arsc, SDK levels, permissions, components), and the whole
// manifest as JSON in the shape Matrix's -manifest task writes.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "core/androidres/binary_xml.h"
#include "core/androidres/resource_table.h"

namespace mxi::core::apkcheck {

struct ManifestComponent {
  std::string kind;  // "activity", "activity-alias", "service", "receiver", "provider"
  std::string name;  // as declared (".Main" and "Main" expanded against the package: "com.example.Main")
};

struct ApkManifest {
  std::string package;
  std::optional<int64_t> versionCode;
  std::string versionName;  // resolved when the manifest refers to a string resource
  std::string split;        // split= of a config split; empty for the base
  std::string minSdk;       // "21", or a codename; empty when absent
  std::string targetSdk;
  std::vector<std::string> permissions;  // uses-permission, in order
  std::vector<ManifestComponent> components;
};

// An attribute's value as text: a reference resolved through `table` when it names a plain value
// (versionName="@string/…"), "@type/name" for other references, else as aapt prints it.
std::string attributeText(const androidres::XmlAttribute& attribute, const androidres::ResourceTable* table);

ApkManifest readManifest(const androidres::XmlElement& root, const androidres::ResourceTable* table);

// The manifest element as Matrix writes it: attributes as "android:name": "value", child
// elements grouped under their tag in arrays ("uses-permission": [{…}, …]).
nlohmann::ordered_json manifestJson(const androidres::XmlElement& root, const androidres::ResourceTable* table);

}  // namespace mxi::core::apkcheck
