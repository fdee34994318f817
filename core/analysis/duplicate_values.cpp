#include "core/analysis/duplicate_values.h"

#include <xxhash.h>

#include <algorithm>
#include <cstring>
#include <unordered_set>

#include "core/hprof/java_string.h"

namespace mxi::core::analysis {

using hprof::ObjectIndex;

namespace {

struct Keyed {
  XXH128_hash_t hash;
  uint32_t object;  // the String or the array
  uint32_t aux;     // String: its value array (UINT32_MAX none)
};

bool sameHash(const XXH128_hash_t& a, const XXH128_hash_t& b) { return a.low64 == b.low64 && a.high64 == b.high64; }
bool hashLess(const Keyed& a, const Keyed& b) {
  if (a.hash.high64 != b.hash.high64) return a.hash.high64 < b.hash.high64;
  if (a.hash.low64 != b.hash.low64) return a.hash.low64 < b.hash.low64;
  return a.object < b.object;
}

// The bytes that make a String's value — exactly its characters, whatever the layout
// (core/hprof/java_string.h) — and a salt for their encoding, so equal bytes of different meaning
// never group. Field slots are looked up once for java.lang.String, not per string.
struct StringBytes {
  std::span<const uint8_t> bytes;
  uint64_t salt = 0;
  ObjectIndex array = hprof::kNoObject;
  bool ownsArray = true;  // false for a window of a shared char[] (Dalvik substrings)
};

class StringReader {
 public:
  StringReader(const hprof::HeapIndex& index, hprof::ClassIndex stringClass)
      : m_index(index), m_slots(hprof::StringFieldSlots::of(index, stringClass)) {}

  std::optional<StringBytes> read(ObjectIndex s) const {
    const auto data = hprof::stringData(m_index, s, m_slots);
    if (!data || data->array == hprof::kNoObject) return std::nullopt;
    return StringBytes{data->bytes, static_cast<uint64_t>(data->encoding) + 1, data->array, data->wholeArray};
  }

 private:
  const hprof::HeapIndex& m_index;
  hprof::StringFieldSlots m_slots;
};

std::string hexPreview(std::span<const uint8_t> bytes) {
  static const char* kHex = "0123456789abcdef";
  std::string out;
  for (size_t i = 0; i < bytes.size() && i < 32; ++i) {
    out += kHex[bytes[i] >> 4];
    out += kHex[bytes[i] & 15];
  }
  if (bytes.size() > 32) out += "…";
  return out;
}

}  // namespace

StatusOr<DuplicateReport> findDuplicateValues(const hprof::HeapIndex& index, const DuplicateOptions& options,
                                              ProgressSink& progress, const CancelToken& cancel) {
  DuplicateReport report;
  const uint32_t n = index.objectCount();
  const auto stringClass = index.findClass("java.lang.String");
  std::vector<uint64_t> isStringValue((size_t{n} + 63) / 64, 0);
  std::vector<Keyed> strings, arrays;
  std::optional<StringReader> reader;
  if (stringClass) reader.emplace(index, *stringClass);

  for (uint32_t i = 0; i < n; ++i) {
    const ObjectIndex o{i};
    if ((i & 0xFFFFF) == 0 &&
        (cancel.isCancelled() || !progress.report("duplicates", static_cast<int>(uint64_t{i} * 500 / n)))) {
      return cancelled();
    }
    if (stringClass && index.classOf(o) == *stringClass && index.kindOf(o) == hprof::ObjectKind::kInstance) {
      const auto sb = reader->read(o);
      if (!sb) continue;
      ++report.stringsScanned;
      XXH128_hash_t h = XXH3_128bits_withSeed(sb->bytes.data(), sb->bytes.size(), sb->salt);
      strings.push_back({h, i, sb->array.value});
      isStringValue[sb->array.value >> 6] |= uint64_t{1} << (sb->array.value & 63);
    }
  }
  for (uint32_t i = 0; i < n; ++i) {
    const ObjectIndex o{i};
    if (index.kindOf(o) != hprof::ObjectKind::kPrimitiveArray || (isStringValue[i >> 6] >> (i & 63) & 1)) continue;
    if (index.shallowSize(o) < options.minArrayBytes) continue;
    const auto data = index.primitiveArray(o);
    if (!data || !data->hasData) continue;
    ++report.arraysScanned;
    arrays.push_back({XXH3_128bits_withSeed(data->bytes.data(), data->bytes.size(),
                                            static_cast<uint64_t>(data->elementType) << 32 | data->length),
                      i, 0});
  }
  if (cancel.isCancelled() || !progress.report("duplicates", 800)) return cancelled();

  std::sort(strings.begin(), strings.end(), hashLess);
  for (size_t a = 0; a < strings.size();) {
    size_t b = a + 1;
    while (b < strings.size() && sameHash(strings[a].hash, strings[b].hash)) ++b;
    if (b - a >= 2) {
      // Confirm byte for byte against the first; a 128-bit collision would split off.
      const auto first = reader->read(ObjectIndex{strings[a].object});
      DuplicateString d;
      std::unordered_set<uint32_t> arraysSeen;
      uint64_t total = 0;
      for (size_t k = a; k < b; ++k) {
        const auto sb = reader->read(ObjectIndex{strings[k].object});
        if (sb->bytes.size() != first->bytes.size() ||
            std::memcmp(sb->bytes.data(), first->bytes.data(), sb->bytes.size()) != 0) {
          continue;
        }
        ++d.copies;
        total += index.shallowSize(ObjectIndex{strings[k].object});
        // A window of a shared array (a Dalvik substring) frees only its String object.
        if (sb->ownsArray && arraysSeen.insert(strings[k].aux).second) {
          total += index.shallowSize(ObjectIndex{strings[k].aux});
        }
        if (d.objects.size() < 10) d.objects.push_back(ObjectIndex{strings[k].object});
      }
      if (d.copies >= 2) {
        d.bytesPerCopy = index.shallowSize(ObjectIndex{strings[a].object}) +
                         (first->ownsArray ? index.shallowSize(ObjectIndex{strings[a].aux}) : 0);
        d.wastedBytes = total > d.bytesPerCopy ? total - d.bytesPerCopy : 0;
        std::string value = index.stringValue(ObjectIndex{strings[a].object}).value_or("");
        if (value.size() > 200) value = value.substr(0, 200) + "…";
        d.value = std::move(value);
        report.stringWastedBytes += d.wastedBytes;
        report.strings.push_back(std::move(d));
      }
    }
    a = b;
  }
  std::sort(arrays.begin(), arrays.end(), hashLess);
  for (size_t a = 0; a < arrays.size();) {
    size_t b = a + 1;
    while (b < arrays.size() && sameHash(arrays[a].hash, arrays[b].hash)) ++b;
    if (b - a >= 2) {
      const auto first = *index.primitiveArray(ObjectIndex{arrays[a].object});
      DuplicateArray d;
      d.elementType = first.elementType;
      d.length = first.length;
      d.bytesPerCopy = index.shallowSize(ObjectIndex{arrays[a].object});
      d.preview = hexPreview(first.bytes);
      for (size_t k = a; k < b; ++k) {
        const auto other = *index.primitiveArray(ObjectIndex{arrays[k].object});
        if (other.bytes.size() != first.bytes.size() ||
            std::memcmp(other.bytes.data(), first.bytes.data(), first.bytes.size()) != 0) {
          continue;
        }
        ++d.copies;
        if (d.objects.size() < 10) d.objects.push_back(ObjectIndex{arrays[k].object});
      }
      if (d.copies >= 2) {
        d.wastedBytes = (d.copies - 1) * d.bytesPerCopy;
        report.arrayWastedBytes += d.wastedBytes;
        report.arrays.push_back(std::move(d));
      }
    }
    a = b;
  }
  auto byWaste = [](const auto& x, const auto& y) { return x.wastedBytes > y.wastedBytes; };
  std::stable_sort(report.strings.begin(), report.strings.end(), byWaste);
  std::stable_sort(report.arrays.begin(), report.arrays.end(), byWaste);
  return report;
}

}  // namespace mxi::core::analysis
