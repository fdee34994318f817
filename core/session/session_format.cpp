#include "core/session/session_format.h"

#include "core/framestats/fps.h"

#include <algorithm>
#include <cmath>
#include <cstdint>

#include "core/session/byte_codec.h"

namespace mxi::core::session {

namespace {
// Decoded times are clamped to ±2^60 ns (36 years) so that any sum or difference of two fits in
// int64: the input is untrusted.
constexpr int64_t kMaxTimeNs = int64_t{1} << 60;
}  // namespace

std::string_view recordTypeName(RecordType type) {
  switch (type) {
    case RecordType::kFrame: return "frame";
    case RecordType::kScene: return "scene";
    case RecordType::kIssue: return "issue";
    case RecordType::kAnr: return "anr";
    case RecordType::kMark: return "mark";
    case RecordType::kHeapDump: return "heapDump";
    case RecordType::kFrameGap: return "frameGap";
    case RecordType::kMemory: return "memory";
    case RecordType::kSqlOperation: return "sqlOperation";
    case RecordType::kStartupRun: return "startupRun";
  }
  return "unknown";
}

int64_t recordEndNs(const SessionRecord& record) {
  const int64_t span = record.type == RecordType::kFrame      ? record.frame.durationNs
                       : record.type == RecordType::kFrameGap ? record.gapNs
                                                              : 0;
  if (span <= 0) return record.timeNs;
  return record.timeNs > INT64_MAX - span ? INT64_MAX : record.timeNs + span;
}

uint32_t histogramBucket(int64_t ns) {
  if (ns < 0) ns = 0;
  if (ns < 500'000'000) return static_cast<uint32_t>(ns / 500'000);                               // 0..999
  if (ns < 10'000'000'000) return 1000 + static_cast<uint32_t>((ns - 500'000'000) / 10'000'000);  // ..1949
  return 1950;
}

double histogramBucketUpperMs(uint32_t b) {
  if (b < 1000) return 0.5 * (b + 1);
  if (b < 1950) return 500.0 + 10.0 * (b - 999);
  return INFINITY;
}

void SceneFrameSummary::add(const framestats::Frame& f, const framestats::DropThresholds& thresholds) {
  if (f.flags != 0) {
    ++flaggedFrames;
    return;
  }
  ++frames;
  const int64_t dropped = f.droppedFrames();
  ++levels[static_cast<size_t>(thresholds.levelOf(dropped))];
  droppedSum += static_cast<uint64_t>(dropped);
  occupiedNs += static_cast<double>(dropped + 1) * static_cast<double>(f.refreshPeriodNs);
  periodSum += static_cast<double>(f.refreshPeriodNs);
  durationSumNs += static_cast<double>(f.durationNs);
  if (dropped >= 1) {
    ++jankFrames;
    ++dominantStages[static_cast<size_t>(f.dominantStage())];
  }
  const uint32_t b = histogramBucket(f.durationNs);
  auto it = std::lower_bound(histogram.begin(), histogram.end(), b,
                             [](const auto& e, uint32_t key) { return e.first < key; });
  if (it != histogram.end() && it->first == b) {
    ++it->second;
  } else {
    histogram.insert(it, {b, 1});
  }
}

void SceneFrameSummary::merge(const SceneFrameSummary& o) {
  frames += o.frames;
  flaggedFrames += o.flaggedFrames;
  jankFrames += o.jankFrames;
  droppedSum += o.droppedSum;
  for (size_t i = 0; i < levels.size(); ++i) levels[i] += o.levels[i];
  for (size_t i = 0; i < dominantStages.size(); ++i) dominantStages[i] += o.dominantStages[i];
  occupiedNs += o.occupiedNs;
  periodSum += o.periodSum;
  durationSumNs += o.durationSumNs;
  std::vector<std::pair<uint32_t, uint64_t>> merged;
  merged.reserve(histogram.size() + o.histogram.size());
  size_t i = 0, j = 0;
  while (i < histogram.size() || j < o.histogram.size()) {
    if (j == o.histogram.size() || (i < histogram.size() && histogram[i].first < o.histogram[j].first)) {
      merged.push_back(histogram[i++]);
    } else if (i == histogram.size() || o.histogram[j].first < histogram[i].first) {
      merged.push_back(o.histogram[j++]);
    } else {
      merged.emplace_back(histogram[i].first, histogram[i].second + o.histogram[j].second);
      ++i;
      ++j;
    }
  }
  histogram = std::move(merged);
}

double SceneFrameSummary::fps() const { return framestats::FpsAccumulator{frames, occupiedNs, periodSum}.fps(); }

double SceneFrameSummary::percentileMs(double p) const {
  if (frames == 0) return 0;
  auto rank = static_cast<uint64_t>(std::ceil(p / 100.0 * static_cast<double>(frames)));
  rank = std::clamp<uint64_t>(rank, 1, frames);
  uint64_t seen = 0;
  for (const auto& [bucket, count] : histogram) {
    seen += count;
    if (seen >= rank) return histogramBucketUpperMs(bucket);
  }
  return 0;
}

namespace {
// Format 2's first writers stored eight type slots (0 = unknown, 1–7); later types are stored after
// the frame span as "count, slots…", which those readers never read. A placeholder span, inverted
// so that no reader takes it for frames (min/max merging ignores it, judgeSessionSpan drops an
// inverted span), stands in when such a block has no frames.
constexpr size_t kFirstTypeSlots = 8;
}  // namespace

void BlockSummary::encode(std::string& out) const {
  ByteWriter w(out);
  w.svarint(firstTimeNs);
  w.svarint(lastTimeNs);
  uint64_t later = 0;
  for (size_t i = kFirstTypeSlots; i < recordsByType.size(); ++i) later += recordsByType[i];
  // A reader that knows only the first slots counts the later types as unknown: it skips them.
  w.varint(recordsByType[0] + later);
  for (size_t i = 1; i < kFirstTypeSlots; ++i) w.varint(recordsByType[i]);
  w.str(initialScene);
  w.varint(scenes.size());
  for (const auto& s : scenes) {
    w.str(s.scene);
    w.varint(s.frames);
    w.varint(s.flaggedFrames);
    w.varint(s.jankFrames);
    w.varint(s.droppedSum);
    for (uint64_t n : s.levels) w.varint(n);
    for (uint64_t n : s.dominantStages) w.varint(n);
    w.varint(static_cast<uint64_t>(std::llround(s.occupiedNs)));
    w.varint(static_cast<uint64_t>(std::llround(s.periodSum)));
    w.varint(static_cast<uint64_t>(std::llround(s.durationSumNs)));
    w.varint(s.histogram.size());
    uint32_t previous = 0;
    for (const auto& [bucket, count] : s.histogram) {
      w.varint(bucket - previous);
      w.varint(count);
      previous = bucket;
    }
  }
  if (hasFrameSpan) {
    w.svarint(framesFirstNs);
    w.svarint(framesLastNs);
  } else if (later > 0) {
    w.svarint(kMaxTimeNs);
    w.svarint(-kMaxTimeNs);
  }
  if (later > 0) {
    w.varint(recordsByType.size() - kFirstTypeSlots);
    for (size_t i = kFirstTypeSlots; i < recordsByType.size(); ++i) w.varint(recordsByType[i]);
  }
}

StatusOr<BlockSummary> BlockSummary::decode(std::string_view bytes) {
  BlockSummary s;
  ByteReader r(bytes);
  s.firstTimeNs = std::clamp<int64_t>(r.svarint(), -kMaxTimeNs, kMaxTimeNs);
  s.lastTimeNs = std::clamp<int64_t>(r.svarint(), -kMaxTimeNs, kMaxTimeNs);
  for (size_t i = 0; i < kFirstTypeSlots; ++i) s.recordsByType[i] = r.varint();
  s.initialScene = std::string(r.str());
  const uint64_t scenes = r.varint();
  if (!r.ok() || scenes > bytes.size()) return invalidInput("bad block summary");
  for (uint64_t i = 0; i < scenes && r.ok(); ++i) {
    SceneFrameSummary f;
    f.scene = std::string(r.str());
    f.frames = r.varint();
    f.flaggedFrames = r.varint();
    f.jankFrames = r.varint();
    f.droppedSum = r.varint();
    for (uint64_t& n : f.levels) n = r.varint();
    for (uint64_t& n : f.dominantStages) n = r.varint();
    f.occupiedNs = static_cast<double>(r.varint());
    f.periodSum = static_cast<double>(r.varint());
    f.durationSumNs = static_cast<double>(r.varint());
    const uint64_t buckets = r.varint();
    if (!r.ok() || buckets > r.remaining()) return invalidInput("bad block summary histogram");
    uint64_t bucket = 0;
    for (uint64_t k = 0; k < buckets; ++k) {
      bucket += r.varint();
      const uint64_t count = r.varint();
      if (bucket > 1950) return invalidInput("bad block summary histogram bucket");
      f.histogram.emplace_back(static_cast<uint32_t>(bucket), count);
    }
    s.scenes.push_back(std::move(f));
  }
  if (!r.ok()) return invalidInput("truncated block summary");
  if (r.remaining() > 0) {
    s.framesFirstNs = std::clamp<int64_t>(r.svarint(), -kMaxTimeNs, kMaxTimeNs);
    s.framesLastNs = std::clamp<int64_t>(r.svarint(), -kMaxTimeNs, kMaxTimeNs);
    if (!r.ok()) return invalidInput("truncated block summary frame span");
    s.hasFrameSpan = s.framesFirstNs <= s.framesLastNs;  // inverted: the placeholder, no frames
    if (!s.hasFrameSpan) s.framesFirstNs = s.framesLastNs = 0;
  }
  if (r.remaining() > 0) {
    const uint64_t slots = r.varint();
    if (!r.ok() || slots > r.remaining()) return invalidInput("bad block summary record counts");
    for (uint64_t i = 0; i < slots; ++i) {
      const uint64_t n = r.varint();
      const uint64_t slot = kFirstTypeSlots + i;
      if (slot < s.recordsByType.size()) {
        s.recordsByType[slot] = n;
        s.recordsByType[0] -= std::min(s.recordsByType[0], n);  // stored as unknown for older readers
      }                                                         // a newer writer's types stay counted as unknown
    }
    if (!r.ok()) return invalidInput("truncated block summary record counts");
  }
  return s;
}

namespace {
// Wrapping arithmetic: any two int64 times have a representable difference modulo 2^64.
int64_t wrappingSub(int64_t a, int64_t b) {
  return static_cast<int64_t>(static_cast<uint64_t>(a) - static_cast<uint64_t>(b));
}
int64_t wrappingAdd(int64_t a, int64_t b) {
  return static_cast<int64_t>(static_cast<uint64_t>(a) + static_cast<uint64_t>(b));
}
}  // namespace

void encodeRecord(const SessionRecord& rec, int64_t& previousTimeNs, std::string& out) {
  thread_local std::string body;  // reused: no allocation per record on the hot path
  body.clear();
  ByteWriter b(body);
  b.svarint(wrappingSub(rec.timeNs, previousTimeNs));
  previousTimeNs = rec.timeNs;
  switch (rec.type) {
    case RecordType::kFrame: {
      const framestats::Frame& f = rec.frame;
      b.varint(static_cast<uint64_t>(std::max<int64_t>(f.durationNs, 0)));
      b.varint(static_cast<uint64_t>(std::max<int64_t>(f.refreshPeriodNs, 0)));
      b.varint(f.flags);
      for (int64_t s : f.stageNs) b.varint(static_cast<uint64_t>(std::max<int64_t>(s, 0)));
      break;
    }
    case RecordType::kHeapDump:
      b.str(rec.text);
      b.str(rec.detail);
      break;
    case RecordType::kFrameGap:
      b.varint(static_cast<uint64_t>(std::max<int64_t>(rec.gapNs, 0)));
      b.varint(rec.gapFrames);
      b.str(rec.text);
      break;
    case RecordType::kMemory:
      // pid, the ten categories (zigzag: -1 = not given is one byte), marks. A newer writer may
      // append fields; readers ignore what follows the ones they know.
      b.svarint(rec.memory.pid);
      for (meminfo::MemoryCategory c : meminfo::kMemoryCategories) b.svarint(meminfo::memoryValue(rec.memory, c));
      b.varint(rec.memory.marks);
      break;
    case RecordType::kSqlOperation:
      // A newer writer may append fields (the thread, when a source gives it); readers ignore them.
      b.svarint(rec.sql.pid);
      b.str(rec.sql.process);
      b.str(rec.sql.dbPath);
      b.svarint(rec.sql.connectionId);
      b.str(rec.sql.timeText);
      b.svarint(rec.sql.wallClockMs);
      b.str(rec.sql.kind);
      b.svarint(rec.sql.durationMs);
      b.str(rec.sql.status);
      b.str(rec.sql.sql);
      break;
    default: b.str(rec.text); break;
  }
  ByteWriter w(out);
  w.u8(static_cast<uint8_t>(rec.type));
  w.str(body);
}

Status decodeRecords(std::string_view payload, std::vector<SessionRecord>& out, uint64_t& skipped) {
  ByteReader r(payload);
  int64_t previousTimeNs = 0;
  while (!r.atEnd()) {
    const size_t at = r.position();
    const uint8_t type = r.u8();
    const std::string_view body = r.str();
    if (!r.ok()) return invalidInput("truncated record in block payload", at);
    ByteReader b(body);
    previousTimeNs = wrappingAdd(previousTimeNs, b.svarint());  // every record type starts with it
    if (type < 1 || type > kLastRecordType) {
      ++skipped;  // a newer writer's record type
      continue;
    }
    SessionRecord rec;
    rec.type = static_cast<RecordType>(type);
    rec.timeNs = std::clamp<int64_t>(previousTimeNs, -kMaxTimeNs, kMaxTimeNs);
    if (rec.type == RecordType::kFrame) {
      framestats::Frame& f = rec.frame;
      f.startNs = rec.timeNs;
      f.durationNs = static_cast<int64_t>(std::min<uint64_t>(b.varint(), kMaxTimeNs));
      f.refreshPeriodNs = static_cast<int64_t>(std::min<uint64_t>(b.varint(), kMaxTimeNs));
      f.flags = static_cast<uint32_t>(b.varint());
      for (int64_t& s : f.stageNs) s = static_cast<int64_t>(std::min<uint64_t>(b.varint(), kMaxTimeNs));
    } else if (rec.type == RecordType::kFrameGap) {
      rec.gapNs = static_cast<int64_t>(std::min<uint64_t>(b.varint(), kMaxTimeNs));
      rec.gapFrames = static_cast<uint32_t>(std::min<uint64_t>(b.varint(), UINT32_MAX));
      rec.text = std::string(b.str());
    } else if (rec.type == RecordType::kMemory) {
      meminfo::MemorySample& m = rec.memory;
      m.timeNs = rec.timeNs;
      m.pid = static_cast<int32_t>(std::clamp<int64_t>(b.svarint(), INT32_MIN, INT32_MAX));
      // Untrusted: anything below -1 means "not given" too; kB beyond 2^50 (an exabyte) is not memory.
      for (meminfo::MemoryCategory c : meminfo::kMemoryCategories) {
        const int64_t v = b.svarint();
        meminfo::memoryValue(m, c) = v < 0 ? -1 : std::min<int64_t>(v, int64_t{1} << 50);
      }
      m.marks = static_cast<uint32_t>(std::min<uint64_t>(b.varint(), UINT32_MAX));
    } else if (rec.type == RecordType::kSqlOperation) {
      SqlOperation& q = rec.sql;
      q.timeNs = rec.timeNs;
      q.pid = static_cast<int32_t>(std::clamp<int64_t>(b.svarint(), INT32_MIN, INT32_MAX));
      q.process = std::string(b.str());
      q.dbPath = std::string(b.str());
      q.connectionId = static_cast<int32_t>(std::clamp<int64_t>(b.svarint(), -1, INT32_MAX));
      q.timeText = std::string(b.str());
      q.wallClockMs = std::clamp<int64_t>(b.svarint(), 0, kMaxTimeNs);
      q.kind = std::string(b.str());
      q.durationMs = std::clamp<int64_t>(b.svarint(), -1, kMaxTimeNs);  // untrusted: below -1 is "not printed" too
      q.status = std::string(b.str());
      q.sql = std::string(b.str());
    } else {
      rec.text = std::string(b.str());
      if (rec.type == RecordType::kHeapDump) rec.detail = std::string(b.str());
    }
    if (!b.ok()) return invalidInput("malformed " + std::string(recordTypeName(rec.type)) + " record", at);
    out.push_back(std::move(rec));
  }
  return okStatus();
}

}  // namespace mxi::core::session
