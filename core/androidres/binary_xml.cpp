#include "core/androidres/binary_xml.h"

#include <optional>

#include "core/androidres/res_chunks.h"
#include "core/androidres/res_string_pool.h"

namespace mxi::core::androidres {

const XmlAttribute* XmlElement::attribute(std::string_view wanted) const {
  for (const auto& a : attributes) {
    if (a.name == wanted) return &a;
  }
  return nullptr;
}

namespace {

// Deeper than any real layout, shallow enough that the tree's recursive destructor is safe.
constexpr size_t kMaxDepth = 512;
constexpr uint16_t kNodeHeaderSize = 16;  // ResXMLTree_node: chunk header, line, comment
constexpr uint16_t kAttributeSize = 20;   // ResXMLTree_attribute: ns, name, raw value, Res_value

// The framework attributes the APK checker reads, by id: an obfuscated manifest may empty their
// names in the string pool (Android itself reads attributes by id), so these get their name back.
std::string_view frameworkAttributeName(uint32_t id) {
  struct Known {
    uint32_t id;
    std::string_view name;
  };
  static constexpr Known kKnown[] = {
      {0x01010000, "theme"},
      {0x01010001, "label"},
      {0x01010002, "icon"},
      {0x01010003, "name"},
      {0x01010006, "permission"},
      {0x0101000c, "hasCode"},
      {0x0101000f, "debuggable"},
      {0x01010010, "exported"},
      {0x01010025, "resource"},
      {0x0101020c, "minSdkVersion"},
      {0x0101021b, "versionCode"},
      {0x0101021c, "versionName"},
      {0x01010270, "targetSdkVersion"},
      {0x01010271, "maxSdkVersion"},
      {0x01010272, "testOnly"},
      {0x010102b7, "installLocation"},
      {0x010104ea, "extractNativeLibs"},
      {0x0101052c, "roundIcon"},
      {0x01010572, "compileSdkVersion"},
  };
  for (const auto& known : kKnown) {
    if (known.id == id) return known.name;
  }
  return {};
}

class XmlReader {
 public:
  explicit XmlReader(std::string_view bytes) : m_bytes(bytes), m_decodeBudget(decodeBudget(bytes.size())) {}

  StatusOr<XmlElement> read() {
    ASSIGN_OR_RETURN(const ChunkHeader xml, readChunkHeader(m_bytes, 0, m_bytes.size(), "XML"));
    if (xml.type != kXmlChunk) {
      return invalidInput("not compiled XML: the first chunk has type " + std::to_string(xml.type), 0);
    }
    for (size_t at = xml.body(); at < xml.end();) {
      ASSIGN_OR_RETURN(const ChunkHeader chunk, readChunkHeader(m_bytes, at, xml.end(), "XML node"));
      RETURN_IF_ERROR(readChunk(chunk));
      at = chunk.end();
    }
    if (!m_open.empty()) {
      return invalidInput("element <" + m_open.back().name + "> is not closed", xml.end());
    }
    if (!m_root) return invalidInput("compiled XML has no element", xml.end());
    return std::move(*m_root);
  }

 private:
  Status readChunk(const ChunkHeader& chunk) {
    switch (chunk.type) {
      case kStringPoolChunk: {
        if (m_pool) return invalidInput("a second string pool", chunk.offset);
        ASSIGN_OR_RETURN(auto pool, ResStringPool::read(m_bytes, chunk, m_decodeBudget));
        m_pool = std::move(pool);
        return okStatus();
      }
      case kXmlResourceMapChunk:
        m_resourceMapAt = chunk.body();
        m_resourceMapSize = (chunk.end() - chunk.body()) / 4;
        return okStatus();
      case kXmlStartElementChunk: return startElement(chunk);
      case kXmlEndElementChunk: return endElement(chunk);
      case kXmlStartNamespaceChunk:
      case kXmlEndNamespaceChunk:
        // Attributes carry their namespace's URI, so prefixes are not kept; the indices are checked.
        RETURN_IF_ERROR(checkNode(chunk, 8));
        RETURN_IF_ERROR(string(chunk.body()).status());
        return string(chunk.body() + 4).status();
      default:  // CDATA and chunks of later versions
        return okStatus();
    }
  }

  Status checkNode(const ChunkHeader& chunk, size_t extensionSize) const {
    if (chunk.headerSize < kNodeHeaderSize) {
      return invalidInput("XML node header size " + std::to_string(chunk.headerSize) + " is below 16", chunk.offset);
    }
    if (chunk.size - chunk.headerSize < extensionSize) {
      return invalidInput("XML node of " + std::to_string(chunk.size) + " bytes is too small", chunk.offset);
    }
    if (!m_pool) return invalidInput("XML node before the string pool", chunk.offset);
    return okStatus();
  }

  // The pool string whose index is at `refAt` ("" for none).
  StatusOr<std::string> string(size_t refAt) const { return m_pool->optionalAt(m_bytes.u32(refAt), refAt); }

  Status startElement(const ChunkHeader& chunk) {
    RETURN_IF_ERROR(checkNode(chunk, 20));
    if (m_open.size() >= kMaxDepth) {
      return invalidInput("elements nest deeper than " + std::to_string(kMaxDepth), chunk.offset);
    }
    if (m_root) return invalidInput("a second root element", chunk.offset);
    const size_t ext = chunk.body();
    XmlElement element;
    element.line = m_bytes.u32(chunk.offset + 8);
    ASSIGN_OR_RETURN(element.namespaceUri, string(ext));
    ASSIGN_OR_RETURN(element.name, string(ext + 4));
    const uint16_t attributeStart = m_bytes.u16(ext + 8);
    const uint16_t attributeSize = m_bytes.u16(ext + 10);
    const uint16_t attributeCount = m_bytes.u16(ext + 12);
    if (attributeCount > 0) {
      if (attributeSize < kAttributeSize) {
        return invalidInput("attribute size " + std::to_string(attributeSize) + " is below 20", ext + 10);
      }
      const uint64_t end = static_cast<uint64_t>(ext) + attributeStart + uint64_t{attributeSize} * attributeCount;
      if (end > chunk.end()) {
        return invalidInput(
            "element <" + element.name + ">'s " + std::to_string(attributeCount) + " attributes run past its chunk",
            ext + 8);
      }
    }
    for (uint16_t i = 0; i < attributeCount; ++i) {
      ASSIGN_OR_RETURN(auto attribute, readAttribute(ext + attributeStart + size_t{i} * attributeSize));
      element.attributes.push_back(std::move(attribute));
    }
    m_open.push_back(std::move(element));
    return okStatus();
  }

  StatusOr<XmlAttribute> readAttribute(size_t at) const {
    XmlAttribute attribute;
    ASSIGN_OR_RETURN(attribute.namespaceUri, string(at));
    const uint32_t nameIndex = m_bytes.u32(at + 4);
    ASSIGN_OR_RETURN(attribute.name, m_pool->at(nameIndex, at + 4));
    if (nameIndex < m_resourceMapSize) attribute.resourceId = m_bytes.u32(m_resourceMapAt + 4 * size_t{nameIndex});
    if (attribute.name.empty()) attribute.name = frameworkAttributeName(attribute.resourceId);
    ASSIGN_OR_RETURN(attribute.value.string, string(at + 8));  // the raw text, when kept
    attribute.value.type = m_bytes.u8(at + 15);
    attribute.value.data = m_bytes.u32(at + 16);
    if (attribute.value.type == ResValue::kString) {
      ASSIGN_OR_RETURN(attribute.value.string, m_pool->at(attribute.value.data, at + 16));
    }
    return attribute;
  }

  Status endElement(const ChunkHeader& chunk) {
    RETURN_IF_ERROR(checkNode(chunk, 8));
    ASSIGN_OR_RETURN(const std::string name, string(chunk.body() + 4));
    if (m_open.empty()) return invalidInput("end of element <" + name + "> that was never started", chunk.offset);
    if (m_open.back().name != name) {
      return invalidInput("end of element <" + name + "> closes <" + m_open.back().name + ">", chunk.offset);
    }
    XmlElement done = std::move(m_open.back());
    m_open.pop_back();
    if (m_open.empty()) {
      m_root = std::move(done);
    } else {
      m_open.back().children.push_back(std::move(done));
    }
    return okStatus();
  }

  ResBytes m_bytes;
  size_t m_decodeBudget;
  std::optional<ResStringPool> m_pool;
  size_t m_resourceMapAt = 0;
  size_t m_resourceMapSize = 0;
  std::vector<XmlElement> m_open;  // the elements started and not yet ended, outermost first
  std::optional<XmlElement> m_root;
};

}  // namespace

StatusOr<XmlElement> parseBinaryXml(std::string_view bytes) { return XmlReader(bytes).read(); }

}  // namespace mxi::core::androidres
