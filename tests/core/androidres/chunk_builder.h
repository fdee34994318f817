// Test-only: hand-made androidfw chunks (string pools, XML nodes, resource table parts) in
// little-endian bytes, for the shapes the fixture APKs lack and for hostile input.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace mxi::test {

struct Bytes {
  std::string data;
  Bytes& u8(uint32_t v) {
    data += static_cast<char>(v & 0xff);
    return *this;
  }
  Bytes& u16(uint32_t v) { return u8(v).u8(v >> 8); }
  Bytes& u32(uint32_t v) { return u16(v & 0xffff).u16(v >> 16); }
  Bytes& add(const std::string& more) {
    data += more;
    return *this;
  }
  void setU32(size_t at, uint32_t v) {
    for (int i = 0; i < 4; ++i) data[at + static_cast<size_t>(i)] = static_cast<char>(v >> (8 * i) & 0xff);
  }
};

// A chunk: type, header size, size (filled in), then `rest` (the header's other fields and the body).
inline std::string chunk(uint16_t type, uint16_t headerSize, const std::string& rest) {
  Bytes b;
  b.u16(type).u16(headerSize).u32(static_cast<uint32_t>(8 + rest.size())).add(rest);
  return b.data;
}

// A UTF-8 string pool of ASCII strings (< 32768 bytes each).
inline std::string stringPool(const std::vector<std::string>& strings) {
  Bytes header;
  std::string text;
  header.u32(static_cast<uint32_t>(strings.size())).u32(0).u32(0x100);
  header.u32(static_cast<uint32_t>(28 + 4 * strings.size())).u32(0);
  for (const auto& s : strings) {
    header.u32(static_cast<uint32_t>(text.size()));
    for (int twice = 0; twice < 2; ++twice) {  // the length in UTF-16 units, then in bytes (ASCII: equal)
      if (s.size() >= 0x80) text += static_cast<char>(0x80 | s.size() >> 8);
      text += static_cast<char>(s.size() & 0xff);
    }
    text += s + '\0';
  }
  while (text.size() % 4) text += '\0';
  return chunk(0x0001, 28, header.data + text);
}

// A resource map: the attribute id of each pool string, by index.
inline std::string resourceMap(const std::vector<uint32_t>& ids) {
  Bytes b;
  for (uint32_t id : ids) b.u32(id);
  return chunk(0x0180, 8, b.data);
}

// An XML document: a string pool of `strings`, then `nodes` (each a whole chunk).
inline std::string xmlDocument(const std::vector<std::string>& strings, const std::vector<std::string>& nodes) {
  std::string body = stringPool(strings);
  for (const auto& node : nodes) body += node;
  return chunk(0x0003, 8, body);
}

// An attribute of a hand-made element: pool indices of its name and raw text, and its Res_value.
struct TestAttribute {
  uint32_t name = 0;
  uint32_t raw = 0xffffffff;
  uint8_t type = 0;
  uint32_t data = 0;
};

// A start element (36 bytes, 20 more per attribute) named by pool index `name`.
inline std::string startElement(uint32_t name, const std::vector<TestAttribute>& attributes = {}) {
  Bytes n;
  n.u32(1).u32(0xffffffff);                                       // line, comment
  n.u32(0xffffffff).u32(name);                                    // namespace, name
  n.u16(20).u16(20);                                              // attributeStart, attributeSize
  n.u16(static_cast<uint32_t>(attributes.size())).u16(0).u32(0);  // count, id, class, style
  for (const auto& a : attributes) n.u32(0xffffffff).u32(a.name).u32(a.raw).u16(8).u8(0).u8(a.type).u32(a.data);
  return chunk(0x0102, 16, n.data);
}

inline std::string endElement(uint32_t name) {
  Bytes n;
  n.u16(0x0103);
  n.u16(16);
  n.u32(24);
  n.u32(1);
  n.u32(0xffffffff);
  n.u32(0xffffffff);
  n.u32(name);
  return n.data;
}

// Resource tables: one package 0x7f "p" with types {"string"} and keys {"a", "b", "c"}.

inline std::string config(uint16_t density = 0, uint16_t sdk = 0) {
  Bytes c;
  c.u32(64);
  for (size_t i = 4; i < 64; ++i) c.u8(0);
  c.data[14] = static_cast<char>(density & 0xff);
  c.data[15] = static_cast<char>(density >> 8);
  c.data[24] = static_cast<char>(sdk & 0xff);
  c.data[25] = static_cast<char>(sdk >> 8);
  return c.data;
}

inline std::string simpleEntry(uint32_t key, uint8_t type, uint32_t data) {
  Bytes e;
  e.u16(8).u16(0).u32(key).u16(8).u8(0).u8(type).u32(data);
  return e.data;
}

inline std::string compactEntry(uint16_t key, uint8_t type, uint32_t data) {
  Bytes e;
  e.u16(key).u16(static_cast<uint32_t>(type) << 8 | 0x0008).u32(data);
  return e.data;
}

inline std::string typeChunk(uint8_t flags, uint32_t entryCount, const std::string& offsets, const std::string& entries,
                             const std::string& cfg = config()) {
  Bytes h;
  h.u8(1).u8(flags).u16(0).u32(entryCount).u32(static_cast<uint32_t>(8 + 12 + cfg.size() + offsets.size()));
  return chunk(0x0201, static_cast<uint16_t>(8 + 12 + cfg.size()), h.data + cfg + offsets + entries);
}

// A package with types {"string"} and keys {"a", "b", "c"}, then `types` (type chunks).
inline std::string packageChunk(uint32_t id, const std::string& name, const std::vector<std::string>& types) {
  const std::string typeNames = stringPool({"string"});
  Bytes package;
  package.u32(id);
  for (size_t i = 0; i < 128; ++i) package.u16(i < name.size() ? static_cast<uint8_t>(name[i]) : 0);
  package.u32(288).u32(0).u32(static_cast<uint32_t>(288 + typeNames.size())).u32(0).u32(0);
  std::string body = typeNames + stringPool({"a", "b", "c"});
  for (const auto& t : types) body += t;
  return chunk(0x0200, 288, package.data + body);
}

// A table: the global string pool, then the package chunks.
inline std::string tableOfPackages(const std::vector<std::string>& globals, const std::vector<std::string>& packages) {
  Bytes header;
  header.u32(static_cast<uint32_t>(packages.size()));
  std::string body = header.data + stringPool(globals);
  for (const auto& p : packages) body += p;
  return chunk(0x0002, 12, body);
}

// A table of one package 0x7f "p".
inline std::string table(const std::vector<std::string>& globals, const std::vector<std::string>& types) {
  return tableOfPackages(globals, {packageChunk(0x7f, "p", types)});
}

// A bag (FLAG_COMPLEX) with `parent` and items (attribute id, type, data).
inline std::string bagEntry(uint32_t key, uint32_t parent, const std::vector<TestAttribute>& items) {
  Bytes e;
  e.u16(16).u16(0x0001).u32(key).u32(parent).u32(static_cast<uint32_t>(items.size()));
  for (const auto& item : items) e.u32(item.name).u16(8).u8(0).u8(item.type).u32(item.data);
  return e.data;
}

inline std::string denseOffsets(const std::vector<std::string>& entries) {
  Bytes o;
  uint32_t at = 0;
  for (const auto& e : entries) {
    o.u32(e.empty() ? 0xffffffff : at);
    at += static_cast<uint32_t>(e.size());
  }
  return o.data;
}

inline std::string joined(const std::vector<std::string>& parts) {
  std::string all;
  for (const auto& p : parts) all += p;
  return all;
}

}  // namespace mxi::test
