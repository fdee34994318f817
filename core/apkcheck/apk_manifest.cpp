#include "core/apkcheck/apk_manifest.h"

#include <string_view>

namespace mxi::core::apkcheck {

namespace {

using androidres::ResValue;
using androidres::XmlAttribute;
using androidres::XmlElement;

constexpr std::string_view kAndroidNs = "http://schemas.android.com/apk/res/android";

std::string prefixOf(const std::string& uri) {
  if (uri == kAndroidNs) return "android:";
  if (uri == "http://schemas.android.com/tools") return "tools:";
  if (uri == "http://schemas.android.com/apk/res-auto") return "app:";
  return {};
}

std::string text(const XmlElement& e, const char* name, const androidres::ResourceTable* table) {
  const XmlAttribute* a = e.attribute(name);
  return a ? attributeText(*a, table) : std::string();
}

}  // namespace

std::string attributeText(const XmlAttribute& attribute, const androidres::ResourceTable* table) {
  const ResValue& v = attribute.value;
  if ((v.type == ResValue::kReference || v.type == ResValue::kDynamicReference) && table) {
    if (auto resolved = table->resolve(v.data); resolved && resolved->type != ResValue::kReference) {
      return resolved->toString();
    }
    if (auto name = table->name(v.data)) return "@" + *name;
  }
  if (v.type == ResValue::kString) return v.string;
  return v.toString();
}

ApkManifest readManifest(const XmlElement& root, const androidres::ResourceTable* table) {
  ApkManifest m;
  m.package = text(root, "package", table);
  m.split = text(root, "split", table);
  m.versionName = text(root, "versionName", table);
  if (const XmlAttribute* code = root.attribute("versionCode")) {
    const ResValue& v = code->value;
    if (v.type == ResValue::kIntDec || v.type == ResValue::kIntHex) {
      m.versionCode = static_cast<int64_t>(v.data);
    } else if (table && v.type == ResValue::kReference) {
      if (auto r = table->resolve(v.data); r && (r->type == ResValue::kIntDec || r->type == ResValue::kIntHex)) {
        m.versionCode = static_cast<int64_t>(r->data);
      }
    }
  }
  for (const XmlElement& child : root.children) {
    if (child.name == "uses-sdk") {
      m.minSdk = text(child, "minSdkVersion", table);
      m.targetSdk = text(child, "targetSdkVersion", table);
    } else if (child.name == "uses-permission" || child.name == "uses-permission-sdk-23") {
      if (std::string p = text(child, "name", table); !p.empty()) m.permissions.push_back(std::move(p));
    } else if (child.name == "application") {
      for (const XmlElement& c : child.children) {
        if (c.name != "activity" && c.name != "activity-alias" && c.name != "service" && c.name != "receiver" &&
            c.name != "provider") {
          continue;
        }
        std::string name = text(c, "name", table);
        // ".Main" and "Main" (no dot at all) are relative to the package, as Android reads them.
        if (name.starts_with('.')) {
          name = m.package + name;
        } else if (!name.empty() && name.find('.') == std::string::npos) {
          name = m.package + "." + name;
        }
        m.components.push_back({c.name, std::move(name)});
      }
    }
  }
  // Android reads a missing targetSdkVersion as minSdkVersion.
  if (m.targetSdk.empty()) m.targetSdk = m.minSdk;
  return m;
}

nlohmann::ordered_json manifestJson(const XmlElement& root, const androidres::ResourceTable* table) {
  nlohmann::ordered_json object = nlohmann::ordered_json::object();
  for (const XmlAttribute& a : root.attributes) object[prefixOf(a.namespaceUri) + a.name] = attributeText(a, table);
  for (const XmlElement& child : root.children) {
    nlohmann::ordered_json& group = object[child.name];
    if (!group.is_array()) group = nlohmann::ordered_json::array();
    group.push_back(manifestJson(child, table));
  }
  return object;
}

}  // namespace mxi::core::apkcheck
