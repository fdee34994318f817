// resources.arsc (the RES_TABLE chunk of androidfw ResourceTypes.h) read from memory: each
// package's types and entries with their value per configuration, so that ids resolve to
// names ("string/app_name") and values ("v1.6pre2"), and the files the table points at
// (res/… or an AndResGuard r/… path) are known. A bad chunk is an error naming its offset.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/androidres/res_value.h"
#include "core/base/status.h"

namespace mxi::core::androidres {

struct ResourceConfigValue {
  std::string config;  // aapt's qualifier string: "" default, "hdpi-v4", "land-mdpi", "en-rUS"…
  ResValue value;      // a bag (style, array, plurals…) has type kNull and its items in `bag`
  std::vector<std::pair<uint32_t, ResValue>> bag;
  bool isBag = false;   // FLAG_COMPLEX: a bag, even one with no items
  uint32_t parent = 0;  // a bag's parent (a style's parent style), 0 for none
};

struct ResourceEntry {
  uint32_t id = 0;   // 0xPPTTEEEE
  std::string type;  // "string", "drawable", "mipmap"…
  std::string name;  // "app_name"
  std::vector<ResourceConfigValue> values;
};

class ResourceTable {
 public:
  static StatusOr<ResourceTable> parse(std::string_view bytes);

  struct Package {
    uint32_t id = 0;  // 0x7f for an app
    std::string name;
  };
  const std::vector<Package>& packages() const { return m_packages; }
  const std::vector<ResourceEntry>& entries() const { return m_entries; }  // sorted by id
  const ResourceEntry* find(uint32_t id) const;
  // "string/app_name" (the package's own types; "android:string/ok" for another package), nullopt unknown.
  std::optional<std::string> name(uint32_t id) const;
  // The value of `id` in the default configuration (else its first), following references up
  // to a few levels; nullopt when it has none.
  std::optional<ResValue> resolve(uint32_t id) const;
  // Every string value that names a file in the APK (res/…, r/…): the resource files' paths.
  std::vector<std::string> filePaths() const;

 private:
  std::vector<Package> m_packages;
  std::vector<ResourceEntry> m_entries;
};

}  // namespace mxi::core::androidres
