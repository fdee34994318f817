#include "core/live/live_session.h"

#include <algorithm>
#include <cmath>
#include <cstdio>

namespace mxi::core::live {

using framestats::Frame;
using matrix::IssueKind;
using matrix::MatrixIssue;

std::string_view liveEventKindName(LiveEvent::Kind kind) {
  switch (kind) {
    case LiveEvent::Kind::kEvilMethod: return "Evil method";
    case LiveEvent::Kind::kAnr: return "ANR";
    case LiveEvent::Kind::kIo: return "IO";
    case LiveEvent::Kind::kStartup: return "Startup";
    case LiveEvent::Kind::kFps: return "FPS";
    case LiveEvent::Kind::kLeak: return "Leak";
    case LiveEvent::Kind::kOther: return "Other";
    case LiveEvent::Kind::kMark: return "Mark";
  }
  return "?";
}

namespace {

// The method a reader should look at first: the stackKey node, else the costliest leaf path's end.
const matrix::CallNode* hotMethod(const matrix::CallNode& root) {
  std::vector<const matrix::CallNode*> todo{&root};
  while (!todo.empty()) {
    const auto* n = todo.back();
    todo.pop_back();
    if (n->isStackKey) return n;
    for (const auto& c : n->children) todo.push_back(&c);
  }
  const auto* n = &root;
  while (!n->children.empty()) {
    n = &*std::max_element(n->children.begin(), n->children.end(),
                           [](const auto& a, const auto& b) { return a.costMs < b.costMs; });
  }
  return n;
}

std::string summarize(const MatrixIssue& issue) {
  char buf[96];
  switch (issue.kind) {
    case IssueKind::kEvilMethod: {
      std::string s = issue.detail.empty() ? std::string("evil method") : issue.detail;
      if (issue.callTree) {
        const auto* hot = hotMethod(*issue.callTree);
        if (hot && !hot->name.empty())
          s += " · " + hot->name;
        else if (hot && hot->methodId >= 0)
          s += " · method " + std::to_string(hot->methodId);
      }
      return s;
    }
    case IssueKind::kIo:
      if (issue.io) {
        // StrictMode's reports name no file: the app's frame that did the IO (or opened the leaked
        // resource) says where to look instead.
        const std::string& where = issue.io->path.empty() ? issue.io->caller : issue.io->path;
        return (issue.source == "strictMode" ? "StrictMode " : "") + std::string(matrix::ioIssueTypeName(issue.type)) +
               (where.empty() ? "" : " · " + where);
      }
      return std::string(matrix::ioIssueTypeName(issue.type));
    case IssueKind::kStartup:
      if (issue.startup) {
        const auto& st = *issue.startup;
        std::snprintf(buf, sizeof buf, "%s start %lld ms (application %lld ms, first activity %lld ms)",
                      st.warmStart.value_or(false) ? "warm" : "cold",
                      static_cast<long long>(st.startupDurationMs.value_or(0)),
                      static_cast<long long>(st.applicationCreateMs.value_or(0)),
                      static_cast<long long>(st.firstActivityCreateMs.value_or(0)));
        return buf;
      }
      return "startup";
    case IssueKind::kFps:
      if (issue.fps) {
        std::snprintf(buf, sizeof buf, "%.1f fps, frozen %lld, high %lld", issue.fps->fps,
                      static_cast<long long>(issue.fps->dropLevel[4]), static_cast<long long>(issue.fps->dropLevel[3]));
        return buf;
      }
      return "fps";
    case IssueKind::kMemory:
      if (issue.memory) return "leaked " + issue.memory->activity;
      return "memory";
    default: return issue.tag;
  }
}

LiveEvent::Kind eventKind(const MatrixIssue& issue) {
  switch (issue.kind) {
    case IssueKind::kEvilMethod: return issue.detail == "ANR" ? LiveEvent::Kind::kAnr : LiveEvent::Kind::kEvilMethod;
    case IssueKind::kIo: return LiveEvent::Kind::kIo;
    case IssueKind::kStartup: return LiveEvent::Kind::kStartup;
    case IssueKind::kFps: return LiveEvent::Kind::kFps;
    case IssueKind::kMemory: return LiveEvent::Kind::kLeak;
    default: return LiveEvent::Kind::kOther;
  }
}

}  // namespace

LiveSession::LiveSession(LiveThresholds thresholds) : m_thresholds(thresholds) {}

int LiveSession::sceneIndex(const std::string& name) {
  for (size_t i = 0; i < m_scenes.size(); ++i) {
    if (m_scenes[i].name == name) return static_cast<int>(i);
  }
  m_scenes.push_back(SceneStats{name, {}, 0, 0, {}});
  m_fps.emplace_back();
  m_openSecond.emplace_back();
  return static_cast<int>(m_scenes.size()) - 1;
}

void LiveSession::addFrames(const std::string& scene, std::span<const Frame> frames) {
  if (frames.empty()) return;
  const int s = sceneIndex(scene);
  SceneStats& stats = m_scenes[static_cast<size_t>(s)];
  auto& series = m_fps[static_cast<size_t>(s)];
  for (const Frame& f : frames) {
    if (!m_startNs) m_startNs = f.startNs;
    m_lastEndNs = std::max(m_lastEndNs, f.startNs + f.durationNs);
    m_summary.add(f, m_thresholds.drops);
    if (f.flags != 0) {
      ++m_flagged;
      continue;
    }
    ++m_counted;
    const int64_t dropped = f.droppedFrames();
    const auto level = m_thresholds.drops.levelOf(dropped);
    ++stats.levels[static_cast<size_t>(level)];
    ++stats.frames;
    stats.droppedSum += static_cast<uint64_t>(dropped);
    stats.fpsTime.add(f);
    m_slowestNs = std::max(m_slowestNs, f.durationNs);
    const int64_t ms = f.durationNs / 1'000'000;
    ++m_histogram[static_cast<size_t>(std::clamp<int64_t>(ms, 0, kHistogramBuckets - 1))];
    if (level != framestats::DropLevel::kBest) {
      m_slow.push_back({s, f, level});
      if (m_slow.size() > kMaxSlowFrames) m_slow.pop_front();
    }
    // FPS of the second this frame started in; the newest second updates in place.
    const int64_t offset = f.startNs - *m_startNs;
    const int64_t second = offset >= 0 ? offset / 1'000'000'000 : -1 - (-offset - 1) / 1'000'000'000;  // floor
    auto& open = m_openSecond[static_cast<size_t>(s)];
    if (open.second != second) open = {second, {}};
    open.fps.add(f);
    const double fps = open.fps.fps();
    if (!series.empty() && series.back().second == second) {
      series.back().fps = fps;
    } else {
      series.push_back({second, fps});
      if (series.size() > kMaxFpsSeconds) series.pop_front();
    }
  }
  ++m_revision;
}

void LiveSession::addIssue(MatrixIssue issue, int64_t timeMs) {
  LiveEvent e;
  e.kind = eventKind(issue);
  e.timeMs = timeMs;
  e.scene = issue.scene;
  e.costMs = issue.costMs.value_or(issue.io ? issue.io->costMs : -1);
  if (issue.startup && issue.startup->startupDurationMs) e.costMs = *issue.startup->startupDurationMs;
  e.summary = summarize(issue);
  if (issue.truncated) e.summary += " (truncated by logcat)";
  if (e.kind == LiveEvent::Kind::kLeak) addMemoryMark(timeMs, meminfo::kMemoryMarkLeakFound, e.summary);
  e.issue = std::make_shared<const MatrixIssue>(std::move(issue));
  addEvent(std::move(e));
}

void LiveSession::addAnr(std::shared_ptr<const anr::AnrReport> anr, int64_t timeMs) {
  LiveEvent e;
  e.kind = LiveEvent::Kind::kAnr;
  e.timeMs = timeMs;
  std::string what = anr->subject;
  if (!anr->processes.empty() && what.empty()) what = anr->processes.front().cmdline;
  if (const auto* main = anr->mainThread()) {
    what += (what.empty() ? "" : " · ") + std::string("main ") + main->state;
    if (!main->frames.empty()) what += " at " + main->frames.front();
  }
  e.summary = what.empty() ? std::string("ANR") : what;
  e.anr = std::move(anr);
  addEvent(std::move(e));
}

void LiveSession::addMark(const std::string& text, int64_t timeMs) {
  LiveEvent e;
  e.kind = LiveEvent::Kind::kMark;
  e.timeMs = timeMs;
  e.summary = text;
  addEvent(std::move(e));
}

void LiveSession::addFrameGap(const std::string& text, uint32_t maxLostFrames, int64_t timeMs) {
  ++m_frameGaps;
  m_framesNotSeenMax += maxLostFrames;
  addMark(text, timeMs);
}

void LiveSession::addHeapDump(const std::string& text, int64_t timeMs) {
  addMemoryMark(timeMs, meminfo::kMemoryMarkHeapDumped, text);
  addMark(text, timeMs);
}

void LiveSession::addSqlOperation(const session::SqlOperation& operation, int64_t timeMs) {
  (void)timeMs;  // the operation's own time is on its record
  ++m_sqlOperations;
  m_sqlOperationList.push_back(operation);
}

void LiveSession::addMemory(const meminfo::MemorySample& sample, int64_t timeMs) {
  ++m_memorySamples;
  m_lastMemoryMs = std::max(m_lastMemoryMs, timeMs);
  m_peakPssKb = std::max(m_peakPssKb, sample.totalPssKb);
  if (sample.marks != 0) addMemoryMark(timeMs, sample.marks, meminfo::describeMemoryMarks(sample.marks));
  m_memory.push_back({timeMs, sample});
  if (m_memory.size() > kMaxMemorySamples) m_memory.pop_front();
  ++m_revision;
}

void LiveSession::addMemoryMark(int64_t timeMs, uint32_t marks, std::string text) {
  m_memoryMarks.push_back({timeMs, marks, std::move(text)});
  if (m_memoryMarks.size() > kMaxMemoryMarks) m_memoryMarks.pop_front();
  ++m_revision;
}

void LiveSession::setStartNs(int64_t startNs) {
  if (!m_startNs) m_startNs = startNs;
}

void LiveSession::apply(LiveBatch batch) {
  for (LiveUpdate& u : batch.updates) {
    if (auto* start = std::get_if<update::Start>(&u)) {
      setStartNs(start->startNs);
    } else if (auto* frames = std::get_if<update::Frames>(&u)) {
      addFrames(frames->scene, frames->frames);
    } else if (auto* issue = std::get_if<update::Issue>(&u)) {
      addIssue(std::move(issue->issue), issue->timeMs);
    } else if (auto* anr = std::get_if<update::Anr>(&u)) {
      addAnr(std::move(anr->anr), anr->timeMs);
    } else if (auto* mark = std::get_if<update::Mark>(&u)) {
      if (mark->heapDump) {
        addHeapDump(mark->text, mark->timeMs);
      } else {
        addMark(mark->text, mark->timeMs);
      }
    } else if (auto* gap = std::get_if<update::FrameGap>(&u)) {
      addFrameGap(gap->text, gap->maxLostFrames, gap->timeMs);
    } else if (auto* memory = std::get_if<update::Memory>(&u)) {
      addMemory(memory->sample, memory->timeMs);
    } else if (auto* sql = std::get_if<update::SqlOperation>(&u)) {
      addSqlOperation(sql->operation, sql->timeMs);
    }
  }
}

void LiveSession::addEvent(LiveEvent event) {
  m_lastEventMs = std::max(m_lastEventMs, event.timeMs);
  if ((event.kind == LiveEvent::Kind::kEvilMethod || event.kind == LiveEvent::Kind::kAnr) && event.costMs >= 0) {
    event.costFlag = event.costMs >= m_thresholds.anrMs          ? LiveEvent::CostFlag::kOverAnr
                     : event.costMs >= m_thresholds.evilMethodMs ? LiveEvent::CostFlag::kOverEvilMethod
                                                                 : LiveEvent::CostFlag::kNone;
    if (event.costFlag != LiveEvent::CostFlag::kNone) ++m_overThreshold;
  }
  ++m_eventCounts[static_cast<size_t>(event.kind)];
  m_events.push_back(std::move(event));
  if (m_events.size() > kMaxEvents) {
    m_events.pop_front();
    ++m_droppedEvents;
  }
  ++m_revision;
}

int64_t LiveSession::durationMs() const {
  const int64_t framesMs = m_startNs && m_counted + m_flagged > 0 ? (m_lastEndNs - *m_startNs) / 1'000'000 : 0;
  return std::max({framesMs, m_lastEventMs, m_lastMemoryMs});
}

double LiveSession::fps() const {
  framestats::FpsAccumulator all;
  for (const SceneStats& s : m_scenes) all.merge(s.fpsTime);
  return all.fps();
}

FrameTimeView LiveSession::frameTimeView() const {
  FrameTimeView v;
  const double wanted = std::max(70.0, 2 * percentileMs(90));
  v.clipMs = std::min(kHistogramBuckets, static_cast<int>(std::ceil(wanted / 10) * 10));
  v.buckets.assign(m_histogram.begin(), m_histogram.begin() + v.clipMs);
  for (int i = v.clipMs; i < kHistogramBuckets; ++i) v.overflow += m_histogram[static_cast<size_t>(i)];
  v.slowestMs = static_cast<double>(m_slowestNs) / 1e6;
  return v;
}

LiveStatus LiveSession::status() const {
  LiveStatus s;
  s.durationMs = durationMs();
  s.frames = m_counted;
  s.flaggedFrames = m_flagged;
  for (const SceneStats& scene : m_scenes) {
    for (size_t l = 0; l < s.levels.size(); ++l) s.levels[l] += scene.levels[l];
  }
  s.fps = fps();
  s.p50Ms = percentileMs(50);
  s.p90Ms = percentileMs(90);
  s.p99Ms = percentileMs(99);
  s.scenes = m_scenes.size();
  s.events = m_eventCounts;
  s.totalEvents = totalEvents();
  s.frameGaps = m_frameGaps;
  s.framesNotSeenMax = m_framesNotSeenMax;
  s.memorySamples = m_memorySamples;
  s.sqlOperations = m_sqlOperations;
  if (!m_memory.empty()) s.pssKb = m_memory.back().sample.totalPssKb;
  s.peakPssKb = m_peakPssKb;
  return s;
}

std::string formatLiveStatus(const LiveStatus& s) {
  char head[200];
  std::snprintf(
      head, sizeof head,
      "%.1fs  %.1f fps  frames %llu (+%llu flagged) [best %llu normal %llu middle %llu high %llu frozen %llu]",
      static_cast<double>(s.durationMs) / 1000.0, s.fps, static_cast<unsigned long long>(s.frames),
      static_cast<unsigned long long>(s.flaggedFrames), static_cast<unsigned long long>(s.levels[0]),
      static_cast<unsigned long long>(s.levels[1]), static_cast<unsigned long long>(s.levels[2]),
      static_cast<unsigned long long>(s.levels[3]), static_cast<unsigned long long>(s.levels[4]));
  std::string line = head;
  line += "  issues";
  static constexpr std::pair<LiveEvent::Kind, const char*> kIssueKinds[] = {
      {LiveEvent::Kind::kEvilMethod, "evil-method"},
      {LiveEvent::Kind::kIo, "io"},
      {LiveEvent::Kind::kStartup, "startup"},
      {LiveEvent::Kind::kFps, "fps"},
      {LiveEvent::Kind::kLeak, "leak"},
      {LiveEvent::Kind::kOther, "other"}};
  bool any = false;
  for (const auto& [kind, name] : kIssueKinds) {
    const uint64_t n = s.events[static_cast<size_t>(kind)];
    if (n == 0) continue;
    line += std::string(" ") + name + " " + std::to_string(n);
    any = true;
  }
  if (!any) line += " 0";
  line += "  anr " + std::to_string(s.events[static_cast<size_t>(LiveEvent::Kind::kAnr)]);
  if (s.frameGaps > 0) {
    line +=
        "  not seen <=" + std::to_string(s.framesNotSeenMax) + " frames in " + std::to_string(s.frameGaps) + " gap(s)";
  }
  if (s.sqlOperations > 0) line += "  sql " + std::to_string(s.sqlOperations);
  if (s.memorySamples > 0 && s.pssKb >= 0) {
    char pss[80];
    std::snprintf(pss, sizeof pss, "  PSS %.1f MiB (peak %.1f MiB)", static_cast<double>(s.pssKb) / 1024.0,
                  static_cast<double>(s.peakPssKb) / 1024.0);
    line += pss;
  }
  return line;
}

}  // namespace mxi::core::live
