#include "core/androidres/resource_table.h"

#include <algorithm>
#include <set>
#include <unordered_map>

#include "core/androidres/res_chunks.h"
#include "core/androidres/res_config.h"
#include "core/androidres/res_string_pool.h"

namespace mxi::core::androidres {

namespace {

constexpr uint16_t kTableHeaderSize = 12;     // ResTable_header: chunk header, package count
constexpr uint16_t kPackageHeaderSize = 284;  // ResTable_package without typeIdOffset
constexpr uint16_t kTypeHeaderSize = 24;      // ResTable_type up to its config's size field
constexpr uint8_t kTypeFlagSparse = 0x01;     // offsets are (entry index, offset / 4) pairs
constexpr uint8_t kTypeFlagOffset16 = 0x02;   // offsets are 16-bit, offset / 4; 0xffff: none
constexpr uint16_t kEntryFlagComplex = 0x0001;
constexpr uint16_t kEntryFlagCompact = 0x0008;  // key, type and data inline in 8 bytes
constexpr uint16_t kMapEntrySize = 16;          // ResTable_map_entry: entry, parent, count
constexpr size_t kMapSize = 12;                 // ResTable_map: name, Res_value
constexpr int kMaxReferenceDepth = 8;

struct PackageContext {
  uint32_t id = 0;
  uint32_t typeIdOffset = 0;
  std::optional<ResStringPool> types;
  std::optional<ResStringPool> keys;
};

class TableReader {
 public:
  explicit TableReader(std::string_view bytes)
      : m_bytes(bytes),
        m_valueBudget(bytes.size() / 2 + 4096),  // real values take ≥ 8 bytes each
        m_decodeBudget(decodeBudget(bytes.size())) {}

  Status read() {
    ASSIGN_OR_RETURN(const ChunkHeader table,
                     readChunkHeader(m_bytes, 0, m_bytes.size(), "resource table", kTableHeaderSize));
    if (table.type != kTableChunk) {
      return invalidInput("not a resource table: the first chunk has type " + std::to_string(table.type), 0);
    }
    for (size_t at = table.body(); at < table.end();) {
      ASSIGN_OR_RETURN(const ChunkHeader chunk, readChunkHeader(m_bytes, at, table.end(), "resource table part"));
      if (chunk.type == kStringPoolChunk && !m_globals) {
        ASSIGN_OR_RETURN(auto pool, ResStringPool::read(m_bytes, chunk, m_decodeBudget));
        m_globals = std::move(pool);
      } else if (chunk.type == kTablePackageChunk) {
        RETURN_IF_ERROR(readPackage(chunk));
      }
      at = chunk.end();
    }
    return okStatus();
  }

  std::vector<ResourceTable::Package> packages;
  std::vector<ResourceEntry> entries;

 private:
  Status readPackage(const ChunkHeader& chunk) {
    if (chunk.headerSize < kPackageHeaderSize) {
      return invalidInput("package header size " + std::to_string(chunk.headerSize) + " is below 284", chunk.offset);
    }
    PackageContext package;
    package.id = m_bytes.u32(chunk.offset + 8);
    size_t nameUnits = 0;
    while (nameUnits < 128 && m_bytes.u16(chunk.offset + 12 + 2 * nameUnits) != 0) ++nameUnits;
    packages.push_back({package.id, utf16ToUtf8(m_bytes, chunk.offset + 12, nameUnits)});
    const uint32_t typeStrings = m_bytes.u32(chunk.offset + 268);
    const uint32_t keyStrings = m_bytes.u32(chunk.offset + 276);
    if (chunk.headerSize >= kPackageHeaderSize + 4) package.typeIdOffset = m_bytes.u32(chunk.offset + 284);
    for (size_t at = chunk.body(); at < chunk.end();) {
      ASSIGN_OR_RETURN(const ChunkHeader part, readChunkHeader(m_bytes, at, chunk.end(), "package part"));
      if (part.type == kStringPoolChunk) {
        // The header says which pool is which; a table that lies there has types, then keys.
        const size_t relative = part.offset - chunk.offset;
        const bool isTypes = relative == typeStrings || (relative != keyStrings && !package.types);
        ASSIGN_OR_RETURN(auto pool, ResStringPool::read(m_bytes, part, m_decodeBudget));
        (isTypes ? package.types : package.keys) = std::move(pool);
      } else if (part.type == kTableTypeChunk) {
        RETURN_IF_ERROR(readType(part, package));
      }  // type specs, libraries, overlays and staged aliases name no values
      at = part.end();
    }
    return okStatus();
  }

  Status readType(const ChunkHeader& chunk, const PackageContext& package) {
    if (chunk.headerSize < kTypeHeaderSize) {
      return invalidInput("type chunk header size " + std::to_string(chunk.headerSize) + " is below 24", chunk.offset);
    }
    if (!package.types || !package.keys) return invalidInput("type chunk before the type and key names", chunk.offset);
    const uint8_t typeId = m_bytes.u8(chunk.offset + 8);
    const uint8_t flags = m_bytes.u8(chunk.offset + 9);
    const uint32_t entryCount = m_bytes.u32(chunk.offset + 12);
    const uint32_t entriesStart = m_bytes.u32(chunk.offset + 16);
    const uint32_t configSize = m_bytes.u32(chunk.offset + 20);
    if (typeId == 0 || typeId - 1u < package.typeIdOffset) {
      return invalidInput("type id " + std::to_string(typeId) + " names no type", chunk.offset + 8);
    }
    ASSIGN_OR_RETURN(const std::string typeName,
                     package.types->at(typeId - 1u - package.typeIdOffset, chunk.offset + 8));
    if (configSize < 4 || configSize > chunk.headerSize - 20u) {
      return invalidInput("type config size " + std::to_string(configSize) + " does not fit its header",
                          chunk.offset + 20);
    }
    const std::string config = configQualifiers(m_bytes.view(chunk.offset + 20, configSize));
    const size_t width = (flags & (kTypeFlagSparse | kTypeFlagOffset16)) == kTypeFlagOffset16 ? 2 : 4;
    if (uint64_t{entryCount} * width > chunk.size - chunk.headerSize) {
      return invalidInput("type " + typeName + "'s " + std::to_string(entryCount) + " entry offsets run past its chunk",
                          chunk.offset + 12);
    }
    if (entriesStart > chunk.size) {
      return invalidInput("type " + typeName + "'s entries start past its chunk", chunk.offset + 16);
    }
    for (uint32_t i = 0; i < entryCount; ++i) {
      const size_t slot = chunk.body() + i * width;
      uint32_t index = i;
      uint64_t offset = 0;
      if (flags & kTypeFlagSparse) {
        index = m_bytes.u16(slot);
        offset = uint64_t{m_bytes.u16(slot + 2)} * 4;
      } else if (width == 2) {
        if (m_bytes.u16(slot) == 0xffff) continue;
        offset = uint64_t{m_bytes.u16(slot)} * 4;
      } else {
        if (m_bytes.u32(slot) == kNoIndex) continue;
        offset = m_bytes.u32(slot);
      }
      if (index > 0xffff) return invalidInput("entry index " + std::to_string(index) + " is above 0xffff", slot);
      const uint64_t at = uint64_t{chunk.offset} + entriesStart + offset;
      if (at >= chunk.end()) {
        return invalidInput("type " + typeName + "'s entry " + std::to_string(index) + " lies past its chunk", slot);
      }
      const uint32_t id = (package.id & 0xff) << 24 | uint32_t{typeId} << 16 | index;
      RETURN_IF_ERROR(readEntry(static_cast<size_t>(at), chunk.end(), id, typeName, config, package));
    }
    return okStatus();
  }

  // The Res_value at `at`, its string resolved from the global pool.
  StatusOr<ResValue> readValue(size_t at) const {
    ResValue value;
    value.type = m_bytes.u8(at + 3);
    value.data = m_bytes.u32(at + 4);
    if (value.type == ResValue::kString) {
      if (!m_globals) return invalidInput("string value without the table's string pool", at);
      ASSIGN_OR_RETURN(value.string, m_globals->at(value.data, at + 4));
    }
    return value;
  }

  Status spend(size_t values, size_t at) {
    if (values > m_valueBudget) return invalidInput("more values than a table of this size can hold", at);
    m_valueBudget -= values;
    return okStatus();
  }

  Status readEntry(size_t at, size_t limit, uint32_t id, const std::string& typeName, const std::string& config,
                   const PackageContext& package) {
    if (limit - at < 8) return invalidInput("resource entry cut off", at);
    const uint16_t flags = m_bytes.u16(at + 2);
    ResourceConfigValue configValue;
    configValue.config = config;
    uint32_t key = 0;
    if (flags & kEntryFlagCompact) {
      key = m_bytes.u16(at);
      configValue.value.type = static_cast<uint8_t>(flags >> 8);
      configValue.value.data = m_bytes.u32(at + 4);
      if (configValue.value.type == ResValue::kString) {
        if (!m_globals) return invalidInput("string value without the table's string pool", at);
        ASSIGN_OR_RETURN(configValue.value.string, m_globals->at(configValue.value.data, at + 4));
      }
      RETURN_IF_ERROR(spend(1, at));
    } else {
      const uint16_t size = m_bytes.u16(at);
      key = m_bytes.u32(at + 4);
      if (size < 8 || size > limit - at) {
        return invalidInput("resource entry size " + std::to_string(size) + " does not fit", at);
      }
      if (flags & kEntryFlagComplex) {
        if (size < kMapEntrySize) return invalidInput("bag entry size " + std::to_string(size) + " is below 16", at);
        configValue.isBag = true;
        configValue.parent = m_bytes.u32(at + 8);
        const uint32_t count = m_bytes.u32(at + 12);
        if (uint64_t{count} * kMapSize > limit - at - size) {
          return invalidInput("bag of " + std::to_string(count) + " items runs past its chunk", at + 12);
        }
        RETURN_IF_ERROR(spend(size_t{count} + 1, at + 12));
        for (uint32_t i = 0; i < count; ++i) {
          const size_t map = at + size + i * kMapSize;
          ASSIGN_OR_RETURN(ResValue item, readValue(map + 4));
          configValue.bag.emplace_back(m_bytes.u32(map), std::move(item));
        }
      } else {
        if (limit - at - size < 8) return invalidInput("resource value cut off", at + size);
        ASSIGN_OR_RETURN(configValue.value, readValue(at + size));
        RETURN_IF_ERROR(spend(1, at));
      }
    }
    ResourceEntry& entry = entryFor(id);
    if (entry.values.empty()) {
      entry.type = typeName;
      ASSIGN_OR_RETURN(entry.name, package.keys->at(key, at + 4));
    }
    entry.values.push_back(std::move(configValue));
    return okStatus();
  }

  ResourceEntry& entryFor(uint32_t id) {
    const auto [it, added] = m_index.try_emplace(id, entries.size());
    if (added) {
      entries.emplace_back();
      entries.back().id = id;
    }
    return entries[it->second];
  }

  ResBytes m_bytes;
  size_t m_valueBudget;
  size_t m_decodeBudget;  // shared by every string pool of the file
  std::optional<ResStringPool> m_globals;
  std::unordered_map<uint32_t, size_t> m_index;  // id → position in `entries`
};

bool isReference(const ResValue& value) {
  return (value.type == ResValue::kReference || value.type == ResValue::kDynamicReference) && value.data != 0;
}

}  // namespace

StatusOr<ResourceTable> ResourceTable::parse(std::string_view bytes) {
  TableReader reader(bytes);
  RETURN_IF_ERROR(reader.read());
  ResourceTable table;
  table.m_packages = std::move(reader.packages);
  table.m_entries = std::move(reader.entries);
  std::sort(table.m_entries.begin(), table.m_entries.end(),
            [](const ResourceEntry& a, const ResourceEntry& b) { return a.id < b.id; });
  return table;
}

const ResourceEntry* ResourceTable::find(uint32_t id) const {
  const auto it = std::lower_bound(m_entries.begin(), m_entries.end(), id,
                                   [](const ResourceEntry& e, uint32_t wanted) { return e.id < wanted; });
  return it != m_entries.end() && it->id == id ? &*it : nullptr;
}

std::optional<std::string> ResourceTable::name(uint32_t id) const {
  const ResourceEntry* entry = find(id);
  if (!entry) return std::nullopt;
  std::string prefix;
  const uint32_t packageId = id >> 24;
  if (!m_packages.empty() && m_packages.front().id != packageId) {
    for (const auto& package : m_packages) {
      if (package.id == packageId) prefix = package.name + ":";
    }
  }
  return prefix + entry->type + "/" + entry->name;
}

// A reference to an id outside the table (the framework's "@android:string/ok") is the answer
// itself; a cycle or a chain deeper than kMaxReferenceDepth has none.
std::optional<ResValue> ResourceTable::resolve(uint32_t id) const {
  std::set<uint32_t> seen{id};
  std::optional<ResValue> reference;
  for (int depth = 0; depth <= kMaxReferenceDepth; ++depth) {
    const ResourceEntry* entry = find(id);
    if (!entry || entry->values.empty()) return reference;
    const auto chosen = std::find_if(entry->values.begin(), entry->values.end(),
                                     [](const ResourceConfigValue& v) { return v.config.empty(); });
    const ResourceConfigValue& value = chosen != entry->values.end() ? *chosen : entry->values.front();
    if (value.isBag) return std::nullopt;
    if (!isReference(value.value)) return value.value;
    if (!seen.insert(value.value.data).second) return std::nullopt;
    reference = value.value;
    id = value.value.data;
  }
  return std::nullopt;
}

std::vector<std::string> ResourceTable::filePaths() const {
  std::set<std::string> paths;
  for (const auto& entry : m_entries) {
    for (const auto& value : entry.values) {
      const std::string& text = value.value.string;
      if (value.value.type == ResValue::kString && (text.starts_with("res/") || text.starts_with("r/"))) {
        paths.insert(text);
      }
    }
  }
  return {paths.begin(), paths.end()};
}

}  // namespace mxi::core::androidres
