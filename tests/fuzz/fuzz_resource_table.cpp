// libFuzzer target for resources.arsc (core/androidres's ResourceTable): parse, then ask every
// entry its name and resolved value, print every value and bag item, and list the file paths.
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "core/androidres/resource_table.h"

using namespace mxi::core;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const auto table = androidres::ResourceTable::parse(std::string_view(reinterpret_cast<const char*>(data), size));
  if (!table.ok()) return 0;
  size_t sink = table->packages().size();
  for (const auto& entry : table->entries()) {
    sink += table->name(entry.id).value_or("").size();
    if (const auto value = table->resolve(entry.id)) sink += value->toString().size();
    for (const auto& value : entry.values) {
      sink += value.config.size() + value.value.toString().size() + value.parent;
      for (const auto& [name, item] : value.bag) sink += name + item.toString().size();
    }
  }
  for (const auto& path : table->filePaths()) sink += path.size();
  volatile size_t keep = sink;
  (void)keep;
  return 0;
}
