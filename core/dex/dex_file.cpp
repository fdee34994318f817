#include "core/dex/dex_file.h"

#include <cstring>
#include <string>

#include "core/dex/dex_bytes.h"
#include "core/dex/modified_utf8.h"

namespace mxi::core::dex {

namespace {

constexpr size_t kHeaderSize = 0x70;
constexpr size_t kContainerHeaderSize = 0x78;  // dex 041 adds container_size and header_offset
constexpr uint32_t kEndianConstant = 0x12345678;
constexpr uint32_t kNoIndex = 0xffffffff;

// Header fields' offsets (the dex format's header_item).
constexpr size_t kFileSizeAt = 32;
constexpr size_t kHeaderSizeAt = 36;
constexpr size_t kEndianTagAt = 40;
constexpr size_t kStringIdsAt = 56;
constexpr size_t kTypeIdsAt = 64;
constexpr size_t kProtoIdsAt = 72;
constexpr size_t kFieldIdsAt = 80;
constexpr size_t kMethodIdsAt = 88;
constexpr size_t kClassDefsAt = 96;
constexpr size_t kContainerSizeAt = 112;
constexpr size_t kHeaderOffsetAt = 116;

// A table the header places: `size` items of a fixed width from `offset`.
struct Table {
  uint32_t size = 0;
  uint32_t offset = 0;
};

std::string indexed(const char* table, size_t index) { return std::string(table) + "[" + std::to_string(index) + "]"; }

// "method_ids[12]: proto index 70000 beyond 1200 protos".
Status beyond(const char* table, size_t index, const char* what, uint64_t value, size_t count, const char* counted,
              size_t offset) {
  return invalidInput(indexed(table, index) + ": " + what + " " + std::to_string(value) + " beyond " +
                          std::to_string(count) + " " + counted,
                      offset);
}

class DexParser {
 public:
  explicit DexParser(std::string_view bytes) : m_in(bytes) {}

  StatusOr<DexFile> parse() {
    RETURN_IF_ERROR(readHeader());
    RETURN_IF_ERROR(readStrings());
    RETURN_IF_ERROR(readTypes());
    RETURN_IF_ERROR(readProtos());
    RETURN_IF_ERROR(readFields());
    RETURN_IF_ERROR(readMethods());
    RETURN_IF_ERROR(readClasses());
    m_dex.stringIds = static_cast<uint32_t>(m_strings.size());
    m_dex.fieldIds = static_cast<uint32_t>(m_dex.fields.size());
    return std::move(m_dex);
  }

 private:
  Status readHeader() {
    if (m_in.size() < kHeaderSize) {
      return invalidInput(
          "dex header: " + std::to_string(m_in.size()) + " bytes, a header needs " + std::to_string(kHeaderSize), 0);
    }
    const std::string_view magic = m_in.view().substr(0, 8);
    const auto digit = [&](size_t i) { return magic[i] >= '0' && magic[i] <= '9'; };
    if (magic.substr(0, 4) != "dex\n" || !digit(4) || !digit(5) || !digit(6) || magic[7] != '\0') {
      return invalidInput("not a dex file (its magic is not \"dex\\n0NN\\0\")", 0);
    }
    m_dex.version = static_cast<uint32_t>((magic[4] - '0') * 100 + (magic[5] - '0') * 10 + (magic[6] - '0'));
    if (m_dex.version < 35 || m_dex.version == 36 || m_dex.version > 41) {
      return invalidInput("unsupported dex version " + std::string(magic.substr(4, 3)) + " (035 to 041 are read)", 4);
    }
    if (m_in.u32(kEndianTagAt) != kEndianConstant) {
      return invalidInput("dex header: unexpected endian tag (big-endian dex files are not read)", kEndianTagAt);
    }
    m_dex.fileSize = m_in.u32(kFileSizeAt);
    const uint32_t headerSize = m_in.u32(kHeaderSizeAt);
    const size_t minHeader = m_dex.version >= 41 ? kContainerHeaderSize : kHeaderSize;
    if (headerSize < minHeader || !m_in.has(0, headerSize)) {
      return invalidInput("dex header: header_size " + std::to_string(headerSize) + " (the file has " +
                              std::to_string(m_in.size()) + " bytes, version " + std::to_string(m_dex.version) +
                              " needs at least " + std::to_string(minHeader) + ")",
                          kHeaderSizeAt);
    }
    // Offsets are checked against the bytes the header claims. In a dex 041 container the first
    // header (header_offset 0) is read, and its offsets run from the container's start, which is
    // also its own: the container's size bounds them, since its data may follow later headers.
    uint64_t limit = m_dex.fileSize;
    size_t limitAt = kFileSizeAt;
    if (m_dex.version >= 41) {
      if (m_in.u32(kHeaderOffsetAt) != 0) {
        return invalidInput("dex header: header_offset " + std::to_string(m_in.u32(kHeaderOffsetAt)) +
                                " (the first dex of a container starts at 0)",
                            kHeaderOffsetAt);
      }
      limit = m_in.u32(kContainerSizeAt);
      limitAt = kContainerSizeAt;
    }
    if (limit > m_in.size() || limit < headerSize) {
      return invalidInput("dex header: the file is " + std::to_string(limit) + " bytes by its header, " +
                              std::to_string(m_in.size()) + " bytes were given",
                          limitAt);
    }
    m_in = DexBytes(m_in.view().substr(0, static_cast<size_t>(limit)));
    RETURN_IF_ERROR(table("string_ids", kStringIdsAt, 4, m_stringIds));
    RETURN_IF_ERROR(table("type_ids", kTypeIdsAt, 4, m_typeIds));
    RETURN_IF_ERROR(table("proto_ids", kProtoIdsAt, 12, m_protoIds));
    RETURN_IF_ERROR(table("field_ids", kFieldIdsAt, 8, m_fieldIds));
    RETURN_IF_ERROR(table("method_ids", kMethodIdsAt, 8, m_methodIds));
    return table("class_defs", kClassDefsAt, 32, m_classDefs);
  }

  // The size and offset at `at` in the header, checked to lie inside the file.
  Status table(const char* name, size_t at, uint32_t width, Table& out) {
    out.size = m_in.u32(at);
    out.offset = m_in.u32(at + 4);
    if (!m_in.has(out.offset, uint64_t{out.size} * width)) {
      return invalidInput("dex header: " + std::string(name) + " (" + std::to_string(out.size) + " × " +
                              std::to_string(width) + " bytes at " + std::to_string(out.offset) + ") beyond the " +
                              std::to_string(m_in.size()) + "-byte file",
                          at);
    }
    return okStatus();
  }

  Status readStrings() {
    m_strings.reserve(m_stringIds.size);
    for (uint32_t i = 0; i < m_stringIds.size; ++i) {
      const size_t at = m_stringIds.offset + size_t{i} * 4;
      size_t data = m_in.u32(at);
      if (!m_in.has(data, 1)) {
        return beyond("string_ids", i, "string data offset", data, m_in.size(), "bytes in the file", at);
      }
      const size_t start = data;
      if (!m_in.uleb128(data)) {
        return invalidInput(indexed("string_ids", i) + ": its length runs past the end of the file", start);
      }
      const std::string_view rest = m_in.view().substr(data);
      const void* nul = std::memchr(rest.data(), 0, rest.size());
      if (nul == nullptr) {
        return invalidInput(indexed("string_ids", i) + ": its string has no terminating 0 before the end of the file",
                            data);
      }
      m_strings.push_back(decodeModifiedUtf8(rest.substr(0, static_cast<const char*>(nul) - rest.data())));
    }
    return okStatus();
  }

  // The string `index` names for item `i` of `table` (field at byte `at`).
  StatusOr<std::string> string(uint32_t index, const char* table, size_t i, const char* what, size_t at) const {
    if (index >= m_strings.size()) return beyond(table, i, what, index, m_strings.size(), "strings", at);
    return m_strings[index];
  }

  Status checkType(uint32_t index, const char* table, size_t i, const char* what, size_t at) const {
    if (index >= m_dex.types.size()) return beyond(table, i, what, index, m_dex.types.size(), "types", at);
    return okStatus();
  }

  Status readTypes() {
    m_dex.types.reserve(m_typeIds.size);
    for (uint32_t i = 0; i < m_typeIds.size; ++i) {
      const size_t at = m_typeIds.offset + size_t{i} * 4;
      ASSIGN_OR_RETURN(auto descriptor, string(m_in.u32(at), "type_ids", i, "string index", at));
      m_dex.types.push_back(std::move(descriptor));
    }
    return okStatus();
  }

  // The index in DexFile::memberNames of string `index`, added on first use.
  StatusOr<uint32_t> memberName(uint32_t index, const char* table, size_t i, size_t at) {
    if (index >= m_strings.size()) return beyond(table, i, "name string index", index, m_strings.size(), "strings", at);
    if (m_memberNameOf.empty()) m_memberNameOf.assign(m_strings.size(), kNoIndex);
    uint32_t& name = m_memberNameOf[index];
    if (name == kNoIndex) {
      name = static_cast<uint32_t>(m_dex.memberNames.size());
      m_dex.memberNames.push_back(m_strings[index]);
    }
    return name;
  }

  Status readProtos() {
    m_dex.protos.reserve(m_protoIds.size);
    for (uint32_t i = 0; i < m_protoIds.size; ++i) {
      const size_t at = m_protoIds.offset + size_t{i} * 12;
      ASSIGN_OR_RETURN(auto shorty, string(m_in.u32(at), "proto_ids", i, "shorty string index", at));
      const uint32_t returnType = m_in.u32(at + 4);
      RETURN_IF_ERROR(checkType(returnType, "proto_ids", i, "return type index", at + 4));
      std::string signature = "(";
      if (const uint32_t list = m_in.u32(at + 8); list != 0) {
        if (!m_in.has(list, 4)) return beyond("proto_ids", i, "parameters offset", list, m_in.size(), "bytes", at + 8);
        const uint32_t count = m_in.u32(list);
        if (!m_in.has(uint64_t{list} + 4, uint64_t{count} * 2)) {
          return invalidInput(
              indexed("proto_ids", i) + ": its " + std::to_string(count) + " parameters run past the end of the file",
              list);
        }
        for (uint32_t p = 0; p < count; ++p) {
          const size_t typeAt = list + 4 + size_t{p} * 2;
          const uint32_t type = m_in.u16(typeAt);
          RETURN_IF_ERROR(checkType(type, "proto_ids", i, "parameter type index", typeAt));
          signature += m_dex.types[type];
        }
      }
      signature += ")" + m_dex.types[returnType];
      m_dex.protos.push_back({std::move(shorty), std::move(signature)});
    }
    return okStatus();
  }

  Status readFields() {
    m_dex.fields.reserve(m_fieldIds.size);
    for (uint32_t i = 0; i < m_fieldIds.size; ++i) {
      const size_t at = m_fieldIds.offset + size_t{i} * 8;
      DexFieldId field;
      field.classIndex = m_in.u16(at);
      field.typeIndex = m_in.u16(at + 2);
      RETURN_IF_ERROR(checkType(field.classIndex, "field_ids", i, "class index", at));
      RETURN_IF_ERROR(checkType(field.typeIndex, "field_ids", i, "type index", at + 2));
      ASSIGN_OR_RETURN(field.nameIndex, memberName(m_in.u32(at + 4), "field_ids", i, at + 4));
      m_dex.fields.push_back(std::move(field));
    }
    return okStatus();
  }

  Status readMethods() {
    m_dex.methods.reserve(m_methodIds.size);
    for (uint32_t i = 0; i < m_methodIds.size; ++i) {
      const size_t at = m_methodIds.offset + size_t{i} * 8;
      DexMethodId method;
      method.classIndex = m_in.u16(at);
      RETURN_IF_ERROR(checkType(method.classIndex, "method_ids", i, "class index", at));
      method.protoIndex = m_in.u16(at + 2);
      if (method.protoIndex >= m_dex.protos.size()) {
        return beyond("method_ids", i, "proto index", method.protoIndex, m_dex.protos.size(), "protos", at + 2);
      }
      ASSIGN_OR_RETURN(method.nameIndex, memberName(m_in.u32(at + 4), "method_ids", i, at + 4));
      m_dex.methods.push_back(std::move(method));
    }
    return okStatus();
  }

  Status readClasses() {
    m_dex.classes.reserve(m_classDefs.size);
    for (uint32_t i = 0; i < m_classDefs.size; ++i) {
      const size_t at = m_classDefs.offset + size_t{i} * 32;
      DexClassDef def;
      def.classIndex = m_in.u32(at);
      RETURN_IF_ERROR(checkType(def.classIndex, "class_defs", i, "class index", at));
      def.accessFlags = m_in.u32(at + 4);
      def.superclassIndex = m_in.u32(at + 8);
      if (def.superclassIndex != kNoIndex) {
        RETURN_IF_ERROR(checkType(def.superclassIndex, "class_defs", i, "superclass index", at + 8));
      }
      const uint32_t classData = m_in.u32(at + 24);
      def.staticValuesOffset = m_in.u32(at + 28);
      if (def.staticValuesOffset != 0 && !m_in.has(def.staticValuesOffset, 1)) {
        return beyond("class_defs", i, "static values offset", def.staticValuesOffset, m_in.size(), "bytes in the file",
                      at + 28);
      }
      if (classData != 0) {
        if (!m_in.has(classData, 1)) {
          return beyond("class_defs", i, "class_data offset", classData, m_in.size(), "bytes in the file", at + 24);
        }
        RETURN_IF_ERROR(readClassData(i, classData, def));
      }
      m_dex.classes.push_back(std::move(def));
    }
    return okStatus();
  }

  // class_data_item: four counts, then the fields and methods, each list's indices as differences.
  Status readClassData(uint32_t i, size_t pos, DexClassDef& def) {
    const auto truncated = [&](size_t where) {
      return invalidInput(indexed("class_defs", i) + ": its class_data runs past the end of the file", where);
    };
    uint32_t counts[4] = {};
    for (uint32_t& count : counts) {
      const size_t at = pos;
      const auto value = m_in.uleb128(pos);
      if (!value) return truncated(at);
      count = *value;
    }
    def.staticFields = counts[0];
    def.instanceFields = counts[1];
    def.directMethods = counts[2];
    def.virtualMethods = counts[3];
    // Each field takes at least 2 bytes and each method 3: a count the rest of the file cannot
    // hold is refused before anything is reserved for it.
    const uint64_t least = (uint64_t{counts[0]} + counts[1]) * 2 + (uint64_t{counts[2]} + counts[3]) * 3;
    if (!m_in.has(pos, least)) {
      return invalidInput(indexed("class_defs", i) + ": class_data lists " + std::to_string(counts[0]) + "+" +
                              std::to_string(counts[1]) + " fields and " + std::to_string(counts[2]) + "+" +
                              std::to_string(counts[3]) + " methods, more than the file's remaining " +
                              std::to_string(m_in.size() - pos) + " bytes hold",
                          pos);
    }
    for (int list = 0; list < 2; ++list) {
      uint64_t index = 0;
      for (uint32_t f = 0; f < counts[list]; ++f) {
        const size_t at = pos;
        const auto diff = m_in.uleb128(pos);
        if (!diff || !m_in.uleb128(pos)) return truncated(at);
        index += *diff;
        if (index >= m_dex.fields.size()) {
          return beyond("class_defs", i, "class_data field index", index, m_dex.fields.size(), "field ids", at);
        }
        if (list == 0) def.staticFieldIndices.push_back(static_cast<uint32_t>(index));
      }
    }
    def.methodIndices.reserve(uint64_t{counts[2]} + counts[3]);
    def.methodCodeOffsets.reserve(uint64_t{counts[2]} + counts[3]);
    for (int list = 2; list < 4; ++list) {
      uint64_t index = 0;
      for (uint32_t m = 0; m < counts[list]; ++m) {
        const size_t at = pos;
        const auto diff = m_in.uleb128(pos);
        const auto flags = diff ? m_in.uleb128(pos) : std::nullopt;
        const size_t codeAt = pos;
        const auto code = flags ? m_in.uleb128(pos) : std::nullopt;
        if (!code) return truncated(at);
        index += *diff;
        if (index >= m_dex.methods.size()) {
          return beyond("class_defs", i, "class_data method index", index, m_dex.methods.size(), "method ids", at);
        }
        if (*code != 0 && !m_in.has(*code, 1)) {
          return beyond("class_defs", i, "code offset", *code, m_in.size(), "bytes in the file", codeAt);
        }
        def.methodIndices.push_back(static_cast<uint32_t>(index));
        def.methodCodeOffsets.push_back(*code);
      }
    }
    return okStatus();
  }

  DexBytes m_in;
  DexFile m_dex;
  Table m_stringIds, m_typeIds, m_protoIds, m_fieldIds, m_methodIds, m_classDefs;
  std::vector<std::string> m_strings;
  std::vector<uint32_t> m_memberNameOf;  // per string: its index in DexFile::memberNames, or kNoIndex
};

}  // namespace

StatusOr<DexFile> parseDex(std::string_view bytes) { return DexParser(bytes).parse(); }

std::string javaName(std::string_view descriptor) {
  size_t dims = 0;
  while (dims < descriptor.size() && descriptor[dims] == '[') ++dims;
  const std::string_view element = descriptor.substr(dims);
  std::string name;
  if (element.size() >= 3 && element.front() == 'L' && element.back() == ';') {
    name = element.substr(1, element.size() - 2);
    for (char& c : name) c = c == '/' ? '.' : c;
  } else if (element.size() == 1) {
    switch (element[0]) {
      case 'V': name = "void"; break;
      case 'Z': name = "boolean"; break;
      case 'B': name = "byte"; break;
      case 'S': name = "short"; break;
      case 'C': name = "char"; break;
      case 'I': name = "int"; break;
      case 'J': name = "long"; break;
      case 'F': name = "float"; break;
      case 'D': name = "double"; break;
      default: return std::string(descriptor);
    }
  } else {
    return std::string(descriptor);  // not a descriptor: shown as it is
  }
  for (size_t d = 0; d < dims; ++d) name += "[]";
  return name;
}

}  // namespace mxi::core::dex
