#include "core/hprof/java_string.h"

#include <algorithm>

#include "core/hprof/byte_reader.h"
#include "core/hprof/heap_index.h"

namespace mxi::core::hprof {

namespace {

void appendUtf8(std::string& out, uint32_t cp) {
  if (cp < 0x80) {
    out += static_cast<char>(cp);
  } else if (cp < 0x800) {
    out += static_cast<char>(0xC0 | (cp >> 6));
    out += static_cast<char>(0x80 | (cp & 0x3F));
  } else if (cp < 0x10000) {
    out += static_cast<char>(0xE0 | (cp >> 12));
    out += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
    out += static_cast<char>(0x80 | (cp & 0x3F));
  } else {
    out += static_cast<char>(0xF0 | (cp >> 18));
    out += static_cast<char>(0x80 | ((cp >> 12) & 0x3F));
    out += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
    out += static_cast<char>(0x80 | (cp & 0x3F));
  }
}

std::optional<uint32_t> intAt(const HeapIndex& index, ObjectIndex o, const std::optional<HeapIndex::FieldSlot>& slot) {
  if (!slot) return std::nullopt;
  const auto v = index.fieldAt(o, *slot);
  if (!v) return std::nullopt;
  return static_cast<uint32_t>(v->asInt());
}

}  // namespace

StringFieldSlots StringFieldSlots::of(const HeapIndex& index, ClassIndex stringClass) {
  StringFieldSlots s;
  s.value = index.fieldSlot(stringClass, "value");
  if (s.value && s.value->type != BasicType::kObject) s.value.reset();
  s.count = index.fieldSlot(stringClass, "count");
  s.offset = index.fieldSlot(stringClass, "offset");
  s.coder = index.fieldSlot(stringClass, "coder");
  return s;
}

std::optional<StringData> stringData(const HeapIndex& index, ObjectIndex string, const StringFieldSlots& slots) {
  if (!slots.value || index.kindOf(string) != ObjectKind::kInstance) return std::nullopt;
  const auto value = index.fieldAt(string, *slots.value);
  if (!value) return std::nullopt;
  StringData out;
  if (value->raw == 0) return out;  // a null value: nothing to show
  const auto array = index.find(value->asObjectId());
  if (!array) return std::nullopt;
  const auto data = index.primitiveArray(*array);
  if (!data || !data->hasData) return std::nullopt;
  out.array = *array;
  const uint64_t units = data->length;
  const std::optional<uint32_t> count = intAt(index, string, slots.count);
  if (data->elementType == BasicType::kChar) {
    out.encoding = StringEncoding::kUtf16BigEndian;
    const uint64_t begin = std::min<uint64_t>(intAt(index, string, slots.offset).value_or(0), units);
    uint64_t n = count.value_or(static_cast<uint32_t>(units - begin));
    if (count && n > units - begin && begin == 0) {
      // ART before 2017: the VM's flagged count, (length << 1) | uncompressed.
      const uint64_t length = n >> 1;
      if ((n & 1) == 0 && (length + 1) / 2 <= units) {  // compressed: bytes packed two to a char
        out.encoding = StringEncoding::kLatin1;
        out.bytes = data->bytes.subspan(length & 1, length);
        return out;
      }
      n = length;
    }
    n = std::min(n, units - begin);
    out.bytes = data->bytes.subspan(begin * 2, n * 2);
    out.wholeArray = begin == 0 && n == units;
    return out;
  }
  if (data->elementType != BasicType::kByte) return std::nullopt;
  if (const auto coder = intAt(index, string, slots.coder)) {  // Java 9+: the whole array
    out.encoding = *coder == 1 ? StringEncoding::kUtf16LittleEndian : StringEncoding::kLatin1;
    out.bytes = data->bytes.subspan(0, *coder == 1 ? units & ~uint64_t{1} : units);
    return out;
  }
  // ART's compressed strings: count is the length, or the VM's flagged count before 2017.
  uint64_t n = count.value_or(static_cast<uint32_t>(units));
  if (n > units) n >>= 1;
  out.bytes = data->bytes.subspan(0, std::min(n, units));
  out.wholeArray = out.bytes.size() == units;
  return out;
}

std::string decodeString(const StringData& data) {
  std::string out;
  const std::span<const uint8_t> b = data.bytes;
  if (data.encoding == StringEncoding::kLatin1) {
    out.reserve(b.size());
    for (const uint8_t c : b) appendUtf8(out, c);
    return out;
  }
  const bool big = data.encoding == StringEncoding::kUtf16BigEndian;
  auto unitAt = [&](size_t i) {
    return big ? uint32_t{loadU16(&b[2 * i])} : (uint32_t{b[2 * i]} | (uint32_t{b[2 * i + 1]} << 8));
  };
  const size_t count = b.size() / 2;
  out.reserve(count);
  for (size_t i = 0; i < count; ++i) {
    const uint32_t u = unitAt(i);
    if (u >= 0xD800 && u <= 0xDBFF && i + 1 < count) {
      const uint32_t low = unitAt(i + 1);
      if (low >= 0xDC00 && low <= 0xDFFF) {
        appendUtf8(out, 0x10000 + ((u - 0xD800) << 10) + (low - 0xDC00));
        ++i;
        continue;
      }
    }
    appendUtf8(out, (u >= 0xD800 && u <= 0xDFFF) ? 0xFFFD : u);
  }
  return out;
}

std::optional<std::string> HeapIndex::stringValue(ObjectIndex string) const {
  // Every layout (Java 8 / Dalvik char[] windows, Java 9+ coder, ART's compressed byte[] and
  // flagged counts) is read here, shared with the duplicate-string finder.
  if (m_parts.javaLangString == kNoClass || kindOf(string) != ObjectKind::kInstance ||
      classOf(string) != m_parts.javaLangString) {
    return std::nullopt;
  }
  const auto data = stringData(*this, string, StringFieldSlots::of(*this, m_parts.javaLangString));
  if (!data) return std::nullopt;
  return decodeString(*data);
}

}  // namespace mxi::core::hprof
