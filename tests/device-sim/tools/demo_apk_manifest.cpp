#include "demo_apk_manifest.h"
#include "demo_apk_bytes.h"

#include <map>
#include <utility>

namespace mxi::sim {

namespace {

constexpr uint16_t kResStringPool = 0x0001, kResXml = 0x0003, kResXmlStartNamespace = 0x0100,
                   kResXmlEndNamespace = 0x0101, kResXmlStartElement = 0x0102, kResXmlEndElement = 0x0103,
                   kResXmlResourceMap = 0x0180;
constexpr uint8_t kTypeString = 0x03, kTypeIntDec = 0x10;
constexpr uint32_t kNone = 0xFFFFFFFF;
constexpr const char* kAndroidUri = "http://schemas.android.com/apk/res/android";

struct Attribute {
  bool android = true;  // in the android: namespace (else none, like `package`)
  std::string name;
  bool isInt = false;
  int32_t intValue = 0;
  std::string text;
};

struct Writer {
  // The attribute names with resource ids come first, in the resource map's order.
  std::vector<std::pair<std::string, uint32_t>> resourceNames = {
      {"label", 0x01010001},       {"name", 0x01010003},        {"minSdkVersion", 0x0101020c},
      {"versionCode", 0x0101021b}, {"versionName", 0x0101021c}, {"targetSdkVersion", 0x01010270}};
  std::vector<std::string> strings;
  std::map<std::string, uint32_t> index;
  std::vector<uint8_t> body;  // the chunks after the pool and the map

  Writer() {
    for (const auto& [name, id] : resourceNames) intern(name);
  }
  uint32_t intern(const std::string& s) {
    const auto [it, added] = index.emplace(s, static_cast<uint32_t>(strings.size()));
    if (added) strings.push_back(s);
    return it->second;
  }
  void nodeHeader(uint16_t type, uint32_t size) {
    put16(body, type);
    put16(body, 16);
    put32(body, size);
    put32(body, 1);      // line number
    put32(body, kNone);  // comment
  }
  void namespaceChunk(bool start) {
    nodeHeader(start ? kResXmlStartNamespace : kResXmlEndNamespace, 24);
    put32(body, intern("android"));
    put32(body, intern(kAndroidUri));
  }
  void start(const std::string& element, const std::vector<Attribute>& attributes) {
    const uint32_t name = intern(element);
    nodeHeader(kResXmlStartElement, 16 + 20 + 20 * static_cast<uint32_t>(attributes.size()));
    put32(body, kNone);  // element namespace
    put32(body, name);
    put16(body, 20);  // attributeStart
    put16(body, 20);  // attributeSize
    put16(body, static_cast<uint16_t>(attributes.size()));
    put16(body, 0);  // idIndex, classIndex, styleIndex: none
    put16(body, 0);
    put16(body, 0);
    for (const Attribute& a : attributes) {
      put32(body, a.android ? intern(kAndroidUri) : kNone);
      put32(body, intern(a.name));
      const uint32_t raw = a.isInt ? kNone : intern(a.text);
      put32(body, raw);
      put16(body, 8);  // Res_value: size, res0, dataType, data
      body.push_back(0);
      body.push_back(a.isInt ? kTypeIntDec : kTypeString);
      put32(body, a.isInt ? static_cast<uint32_t>(a.intValue) : raw);
    }
  }
  void end(const std::string& element) {
    nodeHeader(kResXmlEndElement, 24);
    put32(body, kNone);
    put32(body, intern(element));
  }
  std::vector<uint8_t> stringPool() const {
    std::vector<uint8_t> data;
    std::vector<uint32_t> offsets;
    for (const std::string& s : strings) {  // ASCII only: one UTF-16 unit per byte
      offsets.push_back(static_cast<uint32_t>(data.size()));
      put16(data, static_cast<uint16_t>(s.size()));
      for (char ch : s) put16(data, static_cast<uint8_t>(ch));
      put16(data, 0);
    }
    while (data.size() % 4 != 0) data.push_back(0);
    std::vector<uint8_t> out;
    const uint32_t stringsStart = 28 + 4 * static_cast<uint32_t>(strings.size());
    put16(out, kResStringPool);
    put16(out, 28);
    put32(out, stringsStart + static_cast<uint32_t>(data.size()));
    put32(out, static_cast<uint32_t>(strings.size()));
    put32(out, 0);  // styles
    put32(out, 0);  // flags: UTF-16, not sorted
    put32(out, stringsStart);
    put32(out, 0);  // stylesStart
    for (uint32_t o : offsets) put32(out, o);
    out.insert(out.end(), data.begin(), data.end());
    return out;
  }
};

Attribute intAttr(std::string name, int32_t v) { return {true, std::move(name), true, v, {}}; }
Attribute textAttr(std::string name, std::string v, bool android = true) {
  return {android, std::move(name), false, 0, std::move(v)};
}

}  // namespace

std::vector<uint8_t> binaryManifest(const DemoManifest& m) {
  Writer w;
  w.namespaceChunk(true);
  w.start("manifest", {intAttr("versionCode", m.versionCode), textAttr("versionName", m.versionName),
                       textAttr("package", m.package, false)});
  w.start("uses-sdk", {intAttr("minSdkVersion", m.minSdk), intAttr("targetSdkVersion", m.targetSdk)});
  w.end("uses-sdk");
  w.start("application", {textAttr("label", m.label)});
  w.start("activity", {textAttr("name", m.launcherActivity)});
  w.start("intent-filter", {});
  w.start("action", {textAttr("name", "android.intent.action.MAIN")});
  w.end("action");
  w.start("category", {textAttr("name", "android.intent.category.LAUNCHER")});
  w.end("category");
  w.end("intent-filter");
  w.end("activity");
  w.end("application");
  w.end("manifest");
  w.namespaceChunk(false);

  std::vector<uint8_t> out;
  put16(out, kResXml);
  put16(out, 8);
  put32(out, 0);  // total size, set below
  const std::vector<uint8_t> pool = w.stringPool();
  out.insert(out.end(), pool.begin(), pool.end());
  put16(out, kResXmlResourceMap);
  put16(out, 8);
  put32(out, 8 + 4 * static_cast<uint32_t>(w.resourceNames.size()));
  for (const auto& [name, id] : w.resourceNames) put32(out, id);
  out.insert(out.end(), w.body.begin(), w.body.end());
  set32(out, 4, static_cast<uint32_t>(out.size()));
  return out;
}

}  // namespace mxi::sim
