// The `.mxs` session file: append-only, crash-safe. Layout and guarantees in docs/SESSIONS.md.
//
//   file    = header block* [footer]
//   header  = "MXSESS\r\n" u32 version u32 len  key/value pairs[len]  u32 crc32
//   block   = u32 "MXB1" u32 summaryLen u32 payloadLen u32 rawLen u32 records u32 kind
//             u32 headerCrc (of the 24 bytes before it + summary) u32 payloadCrc
//             summary[summaryLen] payload[payloadLen]       (payload zlib-compressed for data)
//   footer  = u64 offset of the last index block, "MXSFOOT1"
// Data block payload = records: u8 type, varint length, body (time as a delta to the previous
// record of the block). Unknown types are skipped.
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "core/base/status.h"
#include "core/framestats/frame.h"
#include "core/meminfo/memory_sample.h"
#include "core/session/sql_operation.h"

namespace mxi::core::session {

// 2: record times are per-block deltas (1 stored absolute times; never released).
inline constexpr uint32_t kFormatVersion = 2;
inline constexpr std::string_view kFileMagic = "MXSESS\r\n";
inline constexpr uint32_t kBlockMagic = 0x3142584D;  // "MXB1"
inline constexpr std::string_view kFooterMagic = "MXSFOOT1";
inline constexpr size_t kBlockHeaderSize = 32;
inline constexpr size_t kFooterSize = 16;

enum class BlockKind : uint32_t { kData = 1, kIndex = 2 };

enum class RecordType : uint8_t {
  kFrame = 1,
  kScene = 2,         // the foreground scene (activity/window) from now on
  kIssue = 3,         // a Matrix issue, JSON as received
  kAnr = 4,           // an ANR thread dump, text as captured
  kMark = 5,          // a user/test mark
  kHeapDump = 6,      // a heap dump taken during the session (path + reason)
  kFrameGap = 7,      // frames of a scene never seen: two framestats polls did not overlap
  kMemory = 8,        // a memory sample (memory_sample.h)
  kSqlOperation = 9,  // an SQL operation the app ran (sql_operation.h)
  kStartupRun = 10,   // one launch of `mxi startup`, its JSON (core/startup/startup_report.h runJson)
};
inline constexpr uint8_t kLastRecordType = 10;
std::string_view recordTypeName(RecordType type);

struct SessionHeader {
  uint32_t formatVersion = kFormatVersion;
  std::string device, app, agentVersion;
  int64_t startTimeUnixMs = 0;
  // Start of the session on the frames' clock (CLOCK_MONOTONIC ns), to relate both.
  int64_t startMonotonicNs = 0;
  double refreshHz = 0;                                     // the display's rate, 0 when unknown
  std::vector<std::pair<std::string, std::string>> extras;  // anything else, kept verbatim
};

// One decoded record; which fields are set depends on `type`.
struct SessionRecord {
  RecordType type = RecordType::kMark;
  int64_t timeNs = 0;            // monotonic ns (a frame's IntendedVsync)
  framestats::Frame frame;       // kFrame
  std::string text;              // scene name, issue JSON, ANR text, mark label, heap dump path, gap's scene
  std::string detail;            // heap dump reason
  int64_t gapNs = 0;             // kFrameGap: from timeNs (the newest frame seen) to the next frame seen
  uint32_t gapFrames = 0;        // kFrameGap: at most this many frames were never seen
  meminfo::MemorySample memory;  // kMemory (memory.timeNs == timeNs)
  SqlOperation sql;              // kSqlOperation (sql.timeNs == timeNs)
};

// A record whose payload is its text (scene, issue JSON, ANR, mark, heap-dump path, gap scene).
inline SessionRecord textRecord(RecordType type, int64_t timeNs, std::string text) {
  SessionRecord r;
  r.type = type;
  r.timeNs = timeNs;
  r.text = std::move(text);
  return r;
}

// Frames and memory samples: the agent stamps both on the device's CLOCK_MONOTONIC, so their
// span is the session's (session_span.h); an idle app's memory timeline is not "another clock".
inline bool anchorsTheClock(RecordType type) { return type == RecordType::kFrame || type == RecordType::kMemory; }

// Where a record ends on the session's clock: a frame's completion, a gap's next seen frame,
// else its own time. Saturates: a device's stamps can be anything.
int64_t recordEndNs(const SessionRecord& record);

// Per-scene frame aggregates kept in every data block's summary, so that a whole session can
// be summarized from block headers alone. Durations are histogrammed (see histogramBucket).
struct SceneFrameSummary {
  std::string scene;
  uint64_t frames = 0, flaggedFrames = 0, jankFrames = 0, droppedSum = 0;
  std::array<uint64_t, framestats::kDropLevelCount> levels{};
  std::array<uint64_t, framestats::kFrameStageCount> dominantStages{};
  double occupiedNs = 0;  // sum of (dropped + 1) * period over counted frames
  double periodSum = 0;   // sum of periods over counted frames
  double durationSumNs = 0;
  std::vector<std::pair<uint32_t, uint64_t>> histogram;  // (bucket, count), ascending buckets

  void add(const framestats::Frame& f, const framestats::DropThresholds& thresholds);
  void merge(const SceneFrameSummary& other);
  double fps() const;
  // Upper bound of the bucket holding the nearest-rank percentile, in ms.
  double percentileMs(double p) const;
};

// Duration histogram: 0.5 ms buckets below 500 ms, 10 ms buckets to 10 s, one overflow bucket.
uint32_t histogramBucket(int64_t durationNs);
double histogramBucketUpperMs(uint32_t bucket);

struct BlockSummary {
  int64_t firstTimeNs = 0, lastTimeNs = 0;
  // index = RecordType value; 0 = unknown types. Slots 1–7 are stored where format 2 first put
  // them; later types (kMemory) follow the frame span, so older readers count them as unknown.
  std::array<uint64_t, kLastRecordType + 1> recordsByType{};
  std::string initialScene;  // the scene in force when the block starts
  std::vector<SceneFrameSummary> scenes;
  // The block's frames (and memory samples: anchorsTheClock) from the first start to the last
  // completion (session_span.h); appended after the scenes, so older readers skip it and older
  // files have none.
  bool hasFrameSpan = false;
  int64_t framesFirstNs = 0, framesLastNs = 0;

  void encode(std::string& out) const;
  static StatusOr<BlockSummary> decode(std::string_view bytes);
};

// Record bodies. Times are stored as the difference to the previous record of the same block
// (`previousTimeNs`, 0 at a block start): small varints instead of 9-byte absolute times.
void encodeRecord(const SessionRecord& record, int64_t& previousTimeNs, std::string& out);
// Decodes one block payload; unknown record types are counted in `skipped`, not returned.
Status decodeRecords(std::string_view payload, std::vector<SessionRecord>& out, uint64_t& skipped);

}  // namespace mxi::core::session
