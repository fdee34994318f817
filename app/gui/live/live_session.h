// What the live device view and the session view show, accumulated incrementally: per-scene
// drop levels and FPS per second, a frame-time histogram for the distribution and percentiles,
// the slow frames (bounded), and the issue feed (evil methods, ANRs, IO, startup, FPS, leaks).
//
// Ingest is O(1) per frame and memory stays bounded however long a session runs (per-second
// aggregates, the newest slow frames and the newest issue-feed events only; counts cover all),
// so a feed of 10,000 frames/s and 100 issues/s can be shown for hours. Views do not repaint per frame: they poll revision() on a ~30 Hz timer.
#pragma once

#include <array>
#include <cstdint>
#include <deque>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "core/trace/anr_trace.h"
#include "core/trace/frame.h"
#include "core/trace/matrix_issue.h"

namespace mxi::gui {

struct SceneStats {
  std::string name;
  std::array<uint64_t, core::trace::kDropLevelCount> levels{};
  uint64_t frames = 0;
  uint64_t droppedSum = 0;
  int64_t onScreenNs = 0;  // sum of (dropped + 1) * period: the time the frames took on screen
  double fps() const { return onScreenNs > 0 ? 1e9 * static_cast<double>(frames) / static_cast<double>(onScreenNs) : 0; }
};

// FPS of one scene over one second of the session.
struct FpsPoint {
  int64_t second = 0;  // since the session start
  double fps = 0;
};

struct SlowFrame {
  int scene = 0;
  core::trace::Frame frame;
  core::trace::DropLevel level = core::trace::DropLevel::kBest;
};

// What the views judge against (Settings → Thresholds): Matrix's drop levels, and the costs at
// which an evil method counts as slow (the SDK's 700 ms default) or as long as an ANR (5 s).
struct LiveThresholds {
  core::trace::DropThresholds drops;
  int64_t evilMethodMs = 700;
  int64_t anrMs = 5000;
};

// One row of the issue feed.
struct LiveEvent {
  enum class Kind : uint8_t { kEvilMethod, kAnr, kIo, kStartup, kFps, kLeak, kOther, kMark };
  static constexpr size_t kKindCount = 8;
  Kind kind = Kind::kOther;
  int64_t timeMs = 0;     // since the session start
  std::string scene;
  int64_t costMs = -1;    // -1: not applicable
  std::string summary;    // one line: detail and top method, IO path, startup phase…
  std::shared_ptr<const core::trace::MatrixIssue> issue;  // Matrix issues
  std::shared_ptr<const core::trace::AnrReport> anr;      // ANR reports
  // Evil methods and ANRs whose cost reaches the evil-method / the ANR threshold.
  enum class CostFlag : uint8_t { kNone, kOverEvilMethod, kOverAnr };
  CostFlag costFlag = CostFlag::kNone;
};
std::string_view liveEventKindName(LiveEvent::Kind kind);  // "Evil method", "ANR", "IO"…

class LiveSession {
 public:
  static constexpr int kHistogramBucketMs = 1;   // frame-time histogram resolution
  static constexpr int kHistogramBuckets = 1000; // 0..999 ms, the last bucket holds the rest
  static constexpr size_t kMaxSlowFrames = 20000;
  static constexpr size_t kMaxFpsSeconds = 3600; // per scene
  static constexpr size_t kMaxEvents = 10000;     // the issue feed keeps the newest

  explicit LiveSession(LiveThresholds thresholds = {});

  // Frames of `scene` in presentation order (startNs on the device's monotonic clock; the first
  // frame seen defines the session start). Flagged frames are counted apart, as gfxinfo does.
  void addFrames(const std::string& scene, std::span<const core::trace::Frame> frames);
  // Issues and ANRs at a time in ms since the session start (the caller maps device clocks).
  void addIssue(core::trace::MatrixIssue issue, int64_t timeMs);
  void addAnr(std::shared_ptr<const core::trace::AnrReport> anr, int64_t timeMs);
  void addMark(const std::string& text, int64_t timeMs);

  // Bumped by every change; views repaint when it moved.
  uint64_t revision() const { return m_revision; }
  const core::trace::DropThresholds& thresholds() const { return m_thresholds.drops; }
  const LiveThresholds& liveThresholds() const { return m_thresholds; }

  const std::vector<SceneStats>& scenes() const { return m_scenes; }
  const std::deque<FpsPoint>& fpsSeries(int scene) const { return m_fps[static_cast<size_t>(scene)]; }
  // Frame-time histogram (all scenes), bucket i = [i, i+1) ms.
  const std::array<uint64_t, kHistogramBuckets>& frameTimeHistogram() const { return m_histogram; }
  // Nearest-rank percentile of the frame time in ms from the histogram (bucket upper bound).
  double percentileMs(double p) const;
  uint64_t countedFrames() const { return m_counted; }
  uint64_t flaggedFrames() const { return m_flagged; }
  int64_t durationMs() const;
  int64_t sessionStartNs() const { return m_startNs.value_or(0); }
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

 private:
  void closeSecond(int scene);

  LiveThresholds m_thresholds;
  uint64_t m_revision = 0;
  std::optional<int64_t> m_startNs;
  int64_t m_lastEndNs = 0;
  std::vector<SceneStats> m_scenes;
  std::vector<std::deque<FpsPoint>> m_fps;
  struct OpenSecond {
    int64_t second = -1;
    uint64_t frames = 0;
    int64_t onScreenNs = 0;
  };
  std::vector<OpenSecond> m_openSecond;  // per scene: the second being accumulated
  std::array<uint64_t, kHistogramBuckets> m_histogram{};
  uint64_t m_counted = 0, m_flagged = 0;
  std::deque<SlowFrame> m_slow;
  std::deque<LiveEvent> m_events;
  uint64_t m_droppedEvents = 0;
  std::array<uint64_t, LiveEvent::kKindCount> m_eventCounts{};  // so a repaint need not walk the feed
  uint64_t m_overThreshold = 0;

  void addEvent(LiveEvent event);
};

}  // namespace mxi::gui
