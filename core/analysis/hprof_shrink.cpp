#include "core/analysis/hprof_shrink.h"

#include <xxhash.h>

#include <algorithm>
#include <cstring>
#include <map>
#include <unordered_map>
#include <vector>

#include "core/analysis/bitmap_scan.h"

namespace mxi::core::analysis {

using hprof::ObjectIndex;

namespace {

uint32_t loadU32(const uint8_t* p) { return uint32_t{p[0]} << 24 | uint32_t{p[1]} << 16 | uint32_t{p[2]} << 8 | p[3]; }
void storeU32(uint8_t* p, uint32_t v) {
  for (int i = 0; i < 4; ++i) p[i] = static_cast<uint8_t>(v >> (24 - 8 * i));
}
uint64_t loadId(const uint8_t* p, uint32_t idSize) {
  uint64_t v = 0;
  for (uint32_t i = 0; i < idSize; ++i) v = (v << 8) | p[i];
  return v;
}
void storeId(uint8_t* p, uint64_t v, uint32_t idSize) {
  for (uint32_t i = 0; i < idSize; ++i) p[i] = static_cast<uint8_t>(v >> (8 * (idSize - 1 - i)));
}

// What to do with the dump's objects, decided from the index before streaming.
struct Plan {
  std::vector<uint64_t> keep;                         // bitset: primitive arrays whose contents stay
  std::unordered_map<uint64_t, uint64_t> replacedBy;  // duplicate bitmap buffer id → kept buffer id
  std::map<uint64_t, uint32_t> patches;               // Bitmap record offset → mBuffer offset in its fields
  bool keeps(uint32_t i) const { return keep[i >> 6] >> (i & 63) & 1; }
  void setKeep(ObjectIndex o) { keep[o.value >> 6] |= uint64_t{1} << (o.value & 63); }
};

Plan makePlan(const hprof::HeapIndex& index, ShrinkStats& stats) {
  Plan plan;
  const uint32_t n = index.objectCount();
  plan.keep.assign((size_t{n} + 63) / 64, 0);
  const auto stringClass = index.findClass("java.lang.String");
  const auto dumpDataClass = index.findClass("android.graphics.Bitmap$DumpData");
  for (uint32_t i = 0; i < n; ++i) {
    const ObjectIndex o{i};
    if (index.kindOf(o) != hprof::ObjectKind::kInstance) continue;
    const hprof::ClassIndex cls = index.classOf(o);
    const char* field = cls == stringClass ? "value" : cls == dumpDataClass ? "natives" : nullptr;
    if (!field) continue;
    const auto v = index.field(o, field);
    if (!v || v->type != hprof::BasicType::kObject || v->raw == 0) continue;
    if (const auto target = index.find(v->asObjectId())) {
      plan.setKeep(*target);
      if (cls == stringClass) ++stats.stringArraysKept;
    }
  }
  // Bitmap pixels: each distinct buffer once.
  const BitmapScan scan = scanBitmaps(index);
  std::map<std::pair<uint64_t, uint64_t>, std::vector<const BitmapRecord*>> byHash;
  for (const BitmapRecord& b : scan.bitmaps) {
    if (b.buffer == hprof::kNoObject) continue;
    if (b.format != PixelFormat::kRaw) {  // Android 8+ compressed pixels: kept as they are
      plan.setKeep(b.buffer);
      continue;
    }
    const XXH128_hash_t h = XXH3_128bits(b.pixels.data(), b.pixels.size());
    byHash[{h.high64, h.low64}].push_back(&b);
  }
  const auto bitmapClass = index.findClass("android.graphics.Bitmap");
  for (auto& [hash, list] : byHash) {
    std::vector<const BitmapRecord*> kept;
    for (const BitmapRecord* b : list) {
      const auto same = std::find_if(kept.begin(), kept.end(), [&](const BitmapRecord* k) {
        return k->buffer == b->buffer || (k->pixels.size() == b->pixels.size() &&
                                          std::memcmp(k->pixels.data(), b->pixels.data(), b->pixels.size()) == 0);
      });
      if (same == kept.end()) {
        kept.push_back(b);
        plan.setKeep(b->buffer);
        ++stats.bitmapBuffersKept;
        continue;
      }
      if ((*same)->buffer == b->buffer) continue;  // two Bitmaps already sharing one buffer
      plan.replacedBy[index.idOf(b->buffer).value] = index.idOf((*same)->buffer).value;
      const auto slot = index.fieldSlot(index.classOf(b->object), "mBuffer");
      if (slot && bitmapClass) plan.patches[index.recordOffset(b->object)] = slot->offset;
      ++stats.duplicateBitmapBuffers;
    }
  }
  return plan;
}

class Writer {
 public:
  Writer(const ChunkSink& sink, ShrinkStats& stats) : m_sink(sink), m_stats(stats) { m_buffer.reserve(kChunk + 4096); }
  void append(const uint8_t* p, size_t n) { m_buffer.insert(m_buffer.end(), p, p + n); }
  Status flushIfFull() { return m_buffer.size() >= kChunk ? flush() : okStatus(); }
  Status flush() {
    if (m_buffer.empty()) return okStatus();
    m_stats.outputBytes += m_buffer.size();
    Status s = m_sink(m_buffer);
    m_buffer.clear();
    return s;
  }
  std::vector<uint8_t>& buffer() { return m_buffer; }

 private:
  static constexpr size_t kChunk = 4 << 20;
  const ChunkSink& m_sink;
  ShrinkStats& m_stats;
  std::vector<uint8_t> m_buffer;
};

}  // namespace

StatusOr<ShrinkStats> shrinkDump(const hprof::HeapIndex& index, const ChunkSink& sink, ProgressSink& progress,
                                 const CancelToken& cancel) {
  ShrinkStats stats;
  const std::span<const uint8_t> dump = index.source().bytes();
  stats.inputBytes = dump.size();
  const uint32_t id = index.idSize();
  Plan plan = makePlan(index, stats);
  Writer out(sink, stats);

  const uint8_t* const base = dump.data();
  const uint8_t* const end = base + dump.size();
  const uint8_t* p = static_cast<const uint8_t*>(std::memchr(base, 0, dump.size()));
  if (!p || end - p < 1 + 12) return invalidInput("not an HPROF file", 0);
  p += 1 + 4 + 8;  // NUL, id size, timestamp
  out.append(base, static_cast<size_t>(p - base));
  auto corrupt = [&](const uint8_t* at, const char* what) {
    return invalidInput(std::string("shrink: ") + what, static_cast<uint64_t>(at - base));
  };
  uint64_t sinceProgress = 0;
  while (p < end) {
    if (end - p < 9) return corrupt(p, "truncated record header");
    const uint8_t tag = p[0];
    const uint32_t length = loadU32(p + 5);
    const uint8_t* body = p + 9;
    if (static_cast<uint64_t>(end - body) < length) return corrupt(p, "truncated record");
    const uint8_t* const bodyEnd = body + length;
    if (tag != 0x0C && tag != 0x1C) {
      out.append(p, 9 + length);
      RETURN_IF_ERROR(out.flushIfFull());
      p = bodyEnd;
      continue;
    }
    // A heap dump (segment): rewrite its sub-records, then fix its length.
    const size_t headerAt = out.buffer().size();
    out.append(p, 9);
    const uint8_t* q = body;
    while (q < bodyEnd) {
      const uint8_t* const rec = q;
      const uint8_t sub = *q++;
      const auto avail = static_cast<uint64_t>(bodyEnd - q);
      uint64_t size = 0;
      switch (sub) {
        case 0x21: {  // instance
          if (avail < 2u * id + 8) return corrupt(rec, "truncated instance");
          size = 2u * id + 8 + loadU32(q + 2 * id + 4);
          if (avail < size) return corrupt(rec, "truncated instance");
          const size_t at = out.buffer().size();
          out.append(rec, 1 + size);
          const auto patch = plan.patches.find(static_cast<uint64_t>(rec - base));
          if (patch != plan.patches.end() && patch->second + id <= size - (2u * id + 8)) {
            uint8_t* field = out.buffer().data() + at + 1 + 2 * id + 8 + patch->second;
            const auto to = plan.replacedBy.find(loadId(field, id));
            if (to != plan.replacedBy.end()) storeId(field, to->second, id);
          }
          break;
        }
        case 0x22: {  // object array
          if (avail < 2u * id + 8) return corrupt(rec, "truncated object array");
          size = 2u * id + 8 + uint64_t{loadU32(q + id + 4)} * id;
          if (avail < size) return corrupt(rec, "truncated object array");
          out.append(rec, 1 + size);
          break;
        }
        case 0x23:
        case 0xC3: {  // primitive array (with or without data)
          if (avail < id + 9u) return corrupt(rec, "truncated primitive array");
          const uint32_t count = loadU32(q + id + 4);
          const auto type = static_cast<hprof::BasicType>(q[id + 8]);
          const uint32_t elementSize = hprof::basicTypeSize(type, id);
          if (elementSize == 0 || type == hprof::BasicType::kObject) return corrupt(rec, "bad primitive array type");
          const uint64_t data = sub == 0x23 ? uint64_t{count} * elementSize : 0;
          size = id + 9u + data;
          if (avail < size) return corrupt(rec, "truncated primitive array");
          const uint64_t arrayId = loadId(q, id);
          if (data == 0) {
            out.append(rec, 1 + size);
            break;
          }
          if (plan.replacedBy.count(arrayId)) {  // a duplicate bitmap buffer: gone
            stats.arrayBytesDropped += data;
            break;
          }
          const auto object = index.find(hprof::ObjectId{arrayId});
          if (object && plan.keeps(object->value)) {
            out.append(rec, 1 + size);
            break;
          }
          const size_t at = out.buffer().size();
          out.append(rec, 1 + id + 9u);
          storeU32(out.buffer().data() + at + 1 + id + 4, 0);
          ++stats.arraysEmptied;
          stats.arrayBytesDropped += data;
          break;
        }
        case 0x20: {                 // class dump: walk it to find its end
          uint64_t k = 7u * id + 8;  // id, stack serial, super, loader, signers, domain, 2 reserved, size
          auto need = [&](uint64_t n) { return k + n <= avail; };
          if (!need(2)) return corrupt(rec, "truncated class dump");
          const uint32_t constants = uint32_t{q[k]} << 8 | q[k + 1];
          k += 2;
          for (uint32_t c = 0; c < constants; ++c) {
            if (!need(3)) return corrupt(rec, "truncated class dump");
            const uint32_t s = hprof::basicTypeSize(static_cast<hprof::BasicType>(q[k + 2]), id);
            if (s == 0) return corrupt(rec, "bad constant type");
            k += 3 + s;
          }
          if (!need(2)) return corrupt(rec, "truncated class dump");
          const uint32_t statics = uint32_t{q[k]} << 8 | q[k + 1];
          k += 2;
          for (uint32_t s = 0; s < statics; ++s) {
            if (!need(id + 1u)) return corrupt(rec, "truncated class dump");
            const uint32_t vs = hprof::basicTypeSize(static_cast<hprof::BasicType>(q[k + id]), id);
            if (vs == 0) return corrupt(rec, "bad static field type");
            k += id + 1u + vs;
          }
          if (!need(2)) return corrupt(rec, "truncated class dump");
          const uint32_t fields = uint32_t{q[k]} << 8 | q[k + 1];
          k += 2 + uint64_t{fields} * (id + 1u);
          if (k > avail) return corrupt(rec, "truncated class dump");
          size = k;
          out.append(rec, 1 + size);
          break;
        }
        case 0xFE: size = 4u + id; break;  // heap dump info
        case 0x01: size = 2u * id; break;  // JNI global
        case 0x04:
        case 0x06: size = id + 4u; break;  // native stack, thread block
        case 0x02:
        case 0x03:
        case 0x08:
        case 0x8E: size = id + 8u; break;  // thread-related roots
        case 0xFF:
        case 0x05:
        case 0x07:
        case 0x89:
        case 0x8A:
        case 0x8B:
        case 0x8C:
        case 0x8D:
        case 0x90: size = id; break;
        default: return corrupt(rec, "unknown heap dump sub-record");
      }
      if (sub != 0x21 && sub != 0x22 && sub != 0x23 && sub != 0xC3 && sub != 0x20) {
        if (avail < size) return corrupt(rec, "truncated sub-record");
        out.append(rec, 1 + size);
      }
      q += size;
      if (++sinceProgress == (1u << 16)) {
        sinceProgress = 0;
        const int permille = static_cast<int>(static_cast<uint64_t>(q - base) * 1000 / dump.size());
        if (cancel.isCancelled() || !progress.report("shrinking", permille)) return cancelled();
      }
    }
    const size_t written = out.buffer().size() - headerAt - 9;
    storeU32(out.buffer().data() + headerAt + 5, static_cast<uint32_t>(written));
    RETURN_IF_ERROR(out.flushIfFull());
    p = bodyEnd;
  }
  RETURN_IF_ERROR(out.flush());
  return stats;
}

}  // namespace mxi::core::analysis
