// What the live device view and the session view show, accumulated incrementally: per-scene
// drop levels and FPS per second, a frame-time histogram for the distribution and percentiles,
// the slow frames (bounded), the issue feed (evil methods, ANRs, IO, startup, FPS, leaks) and the
// memory timeline (the newest samples and what the memory chart marks: GC forced, dump, leak).
//
// Ingest is O(1) per frame and memory stays bounded however long a session runs (per-second
// aggregates, the newest slow frames and the newest issue-feed events only; counts cover all),
// so a feed of 10,000 frames/s and 100 issues/s can be shown for hours. Views do not repaint per frame: they poll
// revision() on a ~30 Hz timer.
#pragma once

#include <array>
#include <cstdint>
#include <deque>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "core/anr/anr_trace.h"
#include "core/framestats/fps.h"
#include "core/framestats/frame.h"
#include "core/live/live_batch.h"
#include "core/matrix/matrix_issue.h"
#include "core/meminfo/memory_sample.h"
#include "core/session/session_format.h"

namespace mxi::core::live {

struct SceneStats {
  std::string name;
  std::array<uint64_t, framestats::kDropLevelCount> levels{};
  uint64_t frames = 0;
  uint64_t droppedSum = 0;
  framestats::FpsAccumulator fpsTime;
  double fps() const { return fpsTime.fps(); }
};

// FPS of one scene over one second of the session.
struct FpsPoint {
  int64_t second = 0;  // since the session start
  double fps = 0;
};

struct SlowFrame {
  int scene = 0;
  framestats::Frame frame;
  framestats::DropLevel level = framestats::DropLevel::kBest;
};

// One memory sample at ms since the session start.
struct MemoryPoint {
  int64_t timeMs = 0;
  meminfo::MemorySample sample;
};

// A vertical mark on the memory chart: a sample's marks (meminfo::MemoryMark bits), a heap dump
// ("dump taken") or a memory issue ("leak found").
struct MemoryChartMark {
  int64_t timeMs = 0;
  uint32_t marks = 0;  // meminfo::MemoryMark bits
  std::string text;    // "GC forced", "Heap dump /sdcard/…", "leaked com.example.Main"
};

// What the views judge against (Settings → Thresholds): Matrix's drop levels, and the costs at
// which an evil method counts as slow (the SDK's 700 ms default) or as long as an ANR (5 s).
struct LiveThresholds {
  framestats::DropThresholds drops;
  int64_t evilMethodMs = 700;
  int64_t anrMs = 5000;
};

// One row of the issue feed.
struct LiveEvent {
  enum class Kind : uint8_t { kEvilMethod, kAnr, kIo, kStartup, kFps, kLeak, kOther, kMark };
  static constexpr size_t kKindCount = 8;
  Kind kind = Kind::kOther;
  int64_t timeMs = 0;  // since the session start
  std::string scene;
  int64_t costMs = -1;                               // -1: not applicable
  std::string summary;                               // one line: detail and top method, IO path, startup phase…
  std::shared_ptr<const matrix::MatrixIssue> issue;  // Matrix issues
  std::shared_ptr<const anr::AnrReport> anr;         // ANR reports
  // Evil methods and ANRs whose cost reaches the evil-method / the ANR threshold.
  enum class CostFlag : uint8_t { kNone, kOverEvilMethod, kOverAnr };
  CostFlag costFlag = CostFlag::kNone;
};
std::string_view liveEventKindName(LiveEvent::Kind kind);  // "Evil method", "ANR", "IO"…

// The figures a live display shows, taken from the model at one moment, so the live view's
// header, `mxi record`'s progress line and the charts never disagree.
struct LiveStatus {
  int64_t durationMs = 0;  // from the session start to its newest record
  uint64_t frames = 0, flaggedFrames = 0;
  std::array<uint64_t, framestats::kDropLevelCount> levels{};
  double fps = 0;  // core/framestats/fps.h over every counted frame, as `mxi session summary` computes it
  double p50Ms = 0, p90Ms = 0, p99Ms = 0;
  size_t scenes = 0;
  std::array<uint64_t, LiveEvent::kKindCount> events{};  // by LiveEvent::Kind
  uint64_t totalEvents = 0;
  uint64_t frameGaps = 0, framesNotSeenMax = 0;
  uint64_t memorySamples = 0;
  uint64_t sqlOperations = 0;          // SQL operations recorded (docs/SQLITE.md "Live")
  int64_t pssKb = -1, peakPssKb = -1;  // the newest sample's TOTAL PSS and the highest seen; -1: none
};

// The frame-time histogram as the live view draws it: 1 ms buckets up to a clip near the frames
// that matter (twice p90, at least 70 ms, at most 1 s, in 10 ms steps), so ordinary frames are
// not one bar at 0 beside a 700 ms axis; the slower ones are one labelled overflow bin.
struct FrameTimeView {
  int clipMs = 0;
  std::vector<uint64_t> buckets;  // [i, i+1) ms for i < clipMs
  uint64_t overflow = 0;          // frames of clipMs ms or more
  double slowestMs = 0;           // the slowest frame
};

// "12.0s  48.0 fps  frames 533 (+0 flagged) [best 525 normal 4 middle 2 high 1 frozen 1]  issues
// evil-method 2 io 1  anr 1", then "  not seen <=N frames in G gap(s)" when frames were missed,
// then "  sql 120" once SQL operations were recorded, then "  PSS 45.2 MiB (peak 50.1 MiB)" once a
// memory sample with a TOTAL PSS came.
std::string formatLiveStatus(const LiveStatus& status);

class LiveSession {
 public:
  static constexpr int kHistogramBucketMs = 1;    // frame-time histogram resolution
  static constexpr int kHistogramBuckets = 1000;  // 0..999 ms, the last bucket holds the rest
  static constexpr size_t kMaxSlowFrames = 20000;
  static constexpr size_t kMaxFpsSeconds = 3600;     // per scene
  static constexpr size_t kMaxEvents = 10000;        // the issue feed keeps the newest
  static constexpr size_t kMaxMemorySamples = 3600;  // an hour at the default 1 s; the newest kept
  static constexpr size_t kMaxMemoryMarks = 1000;

  explicit LiveSession(LiveThresholds thresholds = {});

  // Frames of `scene` in presentation order (startNs on the device's monotonic clock; the first
  // frame seen defines the session start). Flagged frames are counted apart, as gfxinfo does.
  void addFrames(const std::string& scene, std::span<const framestats::Frame> frames);
  // Issues and ANRs at a time in ms since the session start (the caller maps device clocks).
  void addIssue(matrix::MatrixIssue issue, int64_t timeMs);
  void addAnr(std::shared_ptr<const anr::AnrReport> anr, int64_t timeMs);
  void addMark(const std::string& text, int64_t timeMs);
  // Frames never seen (a frame gap): a mark in the feed, counted apart.
  void addFrameGap(const std::string& text, uint32_t maxLostFrames, int64_t timeMs);
  // A heap dump: a mark in the feed and "dump taken" on the memory chart.
  void addHeapDump(const std::string& text, int64_t timeMs);
  // A memory sample; its marks go on the memory chart.
  void addMemory(const meminfo::MemorySample& sample, int64_t timeMs);
  void addSqlOperation(const session::SqlOperation& operation, int64_t timeMs);
  // Every SQL operation recorded, oldest first (the Database tab groups them by shape).
  const std::vector<session::SqlOperation>& sqlOperations() const { return m_sqlOperationList; }
  // Where ms 0 is on the frames' clock (the recording's start); else the first frame defines it.
  void setStartNs(int64_t startNs);
  // A decoded batch (LiveRecordDecoder), in order: the same as the add* calls it stands for.
  void apply(LiveBatch batch);

  // Bumped by every change; views repaint when it moved.
  uint64_t revision() const { return m_revision; }
  const framestats::DropThresholds& thresholds() const { return m_thresholds.drops; }
  const LiveThresholds& liveThresholds() const { return m_thresholds; }

  const std::vector<SceneStats>& scenes() const { return m_scenes; }
  const std::deque<FpsPoint>& fpsSeries(int scene) const { return m_fps[static_cast<size_t>(scene)]; }
  // Frame-time histogram (all scenes), bucket i = [i, i+1) ms.
  const std::array<uint64_t, kHistogramBuckets>& frameTimeHistogram() const { return m_histogram; }
  // Nearest-rank percentile of the frame time in ms: the same figure `mxi session summary`, the
  // session view and the exports give for these frames (SceneFrameSummary's histogram).
  double percentileMs(double p) const { return m_summary.percentileMs(p); }
  uint64_t countedFrames() const { return m_counted; }
  uint64_t flaggedFrames() const { return m_flagged; }
  int64_t durationMs() const;
  int64_t sessionStartNs() const { return m_startNs.value_or(0); }
  double fps() const;  // over every counted frame
  FrameTimeView frameTimeView() const;
  LiveStatus status() const;
  // The newest slow frames (dropped >= the Normal threshold), oldest first.
  const std::deque<SlowFrame>& slowFrames() const { return m_slow; }
  // The newest kMaxEvents events, oldest first; droppedEvents() older ones were let go.
  const std::deque<LiveEvent>& events() const { return m_events; }
  uint64_t droppedEvents() const { return m_droppedEvents; }
  uint64_t totalEvents() const { return m_droppedEvents + m_events.size(); }
  uint64_t eventCount(LiveEvent::Kind kind) const { return m_eventCounts[static_cast<size_t>(kind)]; }
  // Events whose cost reaches the evil-method threshold (kOverEvilMethod or kOverAnr).
  uint64_t overThresholdCount() const { return m_overThreshold; }
  int sceneIndex(const std::string& name);  // creates the scene on first use
  // The newest kMaxMemorySamples samples, oldest first; memorySampleCount() covers all.
  const std::deque<MemoryPoint>& memorySeries() const { return m_memory; }
  const std::deque<MemoryChartMark>& memoryMarks() const { return m_memoryMarks; }
  uint64_t memorySampleCount() const { return m_memorySamples; }
  int64_t peakPssKb() const { return m_peakPssKb; }

 private:
  LiveThresholds m_thresholds;
  uint64_t m_revision = 0;
  std::optional<int64_t> m_startNs;
  int64_t m_lastEndNs = 0;
  int64_t m_lastEventMs = 0;
  int64_t m_slowestNs = 0;
  uint64_t m_frameGaps = 0, m_framesNotSeenMax = 0;
  std::vector<SceneStats> m_scenes;
  std::vector<std::deque<FpsPoint>> m_fps;
  struct OpenSecond {
    int64_t second = INT64_MIN;
    framestats::FpsAccumulator fps;
  };
  std::vector<OpenSecond> m_openSecond;                   // per scene: the second being accumulated
  std::array<uint64_t, kHistogramBuckets> m_histogram{};  // what the chart draws
  session::SceneFrameSummary m_summary;                   // every scene: percentiles
  uint64_t m_counted = 0, m_flagged = 0;
  std::deque<SlowFrame> m_slow;
  std::deque<LiveEvent> m_events;
  uint64_t m_droppedEvents = 0;
  std::array<uint64_t, LiveEvent::kKindCount> m_eventCounts{};  // so a repaint need not walk the feed
  uint64_t m_overThreshold = 0;

  std::deque<MemoryPoint> m_memory;
  std::deque<MemoryChartMark> m_memoryMarks;
  uint64_t m_memorySamples = 0;
  uint64_t m_sqlOperations = 0;
  std::vector<session::SqlOperation> m_sqlOperationList;
  int64_t m_peakPssKb = -1;
  int64_t m_lastMemoryMs = 0;

  void addEvent(LiveEvent event);
  void addMemoryMark(int64_t timeMs, uint32_t marks, std::string text);
};

}  // namespace mxi::core::live
