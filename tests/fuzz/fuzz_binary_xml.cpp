// libFuzzer target for compiled XML (core/androidres: AndroidManifest.xml and res/**.xml of an
// APK): parse, then walk the element tree without recursion and print every attribute value.
#include <cstddef>
#include <cstdint>
#include <string_view>
#include <vector>

#include "core/androidres/binary_xml.h"

using namespace mxi::core;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const auto root = androidres::parseBinaryXml(std::string_view(reinterpret_cast<const char*>(data), size));
  if (!root.ok()) return 0;
  size_t sink = 0;
  std::vector<const androidres::XmlElement*> pending{&*root};
  while (!pending.empty()) {
    const androidres::XmlElement* element = pending.back();
    pending.pop_back();
    sink += element->name.size() + element->line;
    for (const auto& a : element->attributes) sink += a.name.size() + a.value.toString().size() + a.resourceId;
    if (const auto* first = element->attribute("name")) sink += first->namespaceUri.size();
    for (const auto& child : element->children) pending.push_back(&child);
  }
  volatile size_t keep = sink;
  (void)keep;
  return 0;
}
