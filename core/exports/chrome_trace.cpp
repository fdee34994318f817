#include "core/exports/chrome_trace.h"

#include <algorithm>

namespace mxi::core::exports {

using nlohmann::ordered_json;

namespace {

constexpr int kPid = 1;
constexpr int kScenesTid = 1;
constexpr int kIssuesTid = 2;
constexpr int kEventsTid = 3;
constexpr int kFirstFrameTid = 10;  // lanes 10, 11, …

void nameThread(ordered_json& events, int tid, const std::string& name, int sortIndex) {
  events.push_back(
      {{"ph", "M"}, {"name", "thread_name"}, {"pid", kPid}, {"tid", tid}, {"ts", 0}, {"args", {{"name", name}}}});
  events.push_back({{"ph", "M"},
                    {"name", "thread_sort_index"},
                    {"pid", kPid},
                    {"tid", tid},
                    {"ts", 0},
                    {"args", {{"sort_index", sortIndex}}}});
}

// Memory as counter tracks: the seven App Summary categories in one counter (the viewers stack
// its args, so it reads as the stacked memory chart), each total in its own (they do not stack);
// a sample's marks as instant events.
template <typename ToUs>
void addMemoryCounters(const session::SessionData& d, const ToUs& us, ordered_json& events) {
  using meminfo::MemoryCategory;
  for (const meminfo::MemorySample& s : d.memory) {
    ordered_json stacked = ordered_json::object();
    for (size_t c = 0; c < meminfo::kMemoryStackedCategories; ++c) {
      const int64_t v = meminfo::memoryValue(s, meminfo::kMemoryCategories[c]);
      if (v >= 0) stacked[std::string(meminfo::memoryCategoryKey(meminfo::kMemoryCategories[c]))] = v;
    }
    if (!stacked.empty()) {
      events.push_back({{"ph", "C"},
                        {"name", "Memory (kB)"},
                        {"cat", "memory"},
                        {"pid", kPid},
                        {"ts", us(s.timeNs)},
                        {"args", std::move(stacked)}});
    }
    for (MemoryCategory total : {MemoryCategory::kTotalPss, MemoryCategory::kTotalRss, MemoryCategory::kTotalSwap}) {
      const int64_t v = meminfo::memoryValue(s, total);
      if (v < 0) continue;
      events.push_back({{"ph", "C"},
                        {"name", std::string(meminfo::memoryCategoryLabel(total)) + " (kB)"},
                        {"cat", "memory"},
                        {"pid", kPid},
                        {"ts", us(s.timeNs)},
                        {"args", {{"kB", v}}}});
    }
    if (s.marks != 0) {
      events.push_back({{"ph", "i"},
                        {"s", "p"},
                        {"name", meminfo::describeMemoryMarks(s.marks)},
                        {"cat", "memory"},
                        {"pid", kPid},
                        {"tid", kEventsTid},
                        {"ts", us(s.timeNs)},
                        {"args", {{"marks", s.marks}}}});
    }
  }
}

}  // namespace

ordered_json sessionToChromeTrace(const session::SessionData& d, const framestats::DropThresholds& thresholds) {
  ordered_json events = ordered_json::array();
  const int64_t origin = d.firstTimeNs;
  auto us = [origin](int64_t ns) { return static_cast<double>(ns - origin) / 1000.0; };
  events.push_back({{"ph", "M"},
                    {"name", "process_name"},
                    {"pid", kPid},
                    {"tid", 0},
                    {"ts", 0},
                    {"args", {{"name", d.header.app.empty() ? std::string("app") : d.header.app}}}});
  nameThread(events, kScenesTid, "Scenes", 0);
  nameThread(events, kIssuesTid, "Matrix issues", 1);
  nameThread(events, kEventsTid, "ANRs, marks, heap dumps, frame gaps", 2);

  // Frames: first-fit lanes so that no two slices on a track overlap.
  std::vector<int64_t> laneEnd;
  std::vector<size_t> order(d.frames.size());
  for (size_t i = 0; i < order.size(); ++i) order[i] = i;
  std::stable_sort(order.begin(), order.end(),
                   [&](size_t a, size_t b) { return d.frames[a].frame.startNs < d.frames[b].frame.startNs; });
  for (size_t index : order) {
    const session::SessionFrame& sf = d.frames[index];
    const framestats::Frame& f = sf.frame;
    size_t lane = 0;
    while (lane < laneEnd.size() && laneEnd[lane] > f.startNs) ++lane;
    if (lane == laneEnd.size()) {
      laneEnd.push_back(0);
      nameThread(
          events, kFirstFrameTid + static_cast<int>(lane),
          lane == 0 ? std::string("UI thread: frames") : "UI thread: frames (overlap " + std::to_string(lane + 1) + ")",
          10 + static_cast<int>(lane));
    }
    laneEnd[lane] = f.startNs + f.durationNs;
    const auto level = thresholds.levelOf(f.droppedFrames());
    ordered_json stages;
    for (size_t s = 0; s < framestats::kFrameStageCount; ++s) {
      stages[std::string(framestats::frameStageName(static_cast<framestats::FrameStage>(s)))] =
          static_cast<double>(f.stageNs[s]) / 1e6;
    }
    ordered_json args = {{"durationMs", static_cast<double>(f.durationNs) / 1e6},
                         {"droppedFrames", f.droppedFrames()},
                         {"level", std::string(framestats::dropLevelName(level))},
                         {"scene", d.scenes[sf.scene]},
                         {"flags", f.flags},
                         {"dominantStage", std::string(framestats::frameStageName(f.dominantStage()))},
                         {"stagesMs", std::move(stages)}};
    events.push_back(
        {{"ph", "X"},
         {"name", f.flags ? std::string("Frame (flagged)") : "Frame " + std::string(framestats::dropLevelName(level))},
         {"cat", "frame"},
         {"pid", kPid},
         {"tid", kFirstFrameTid + static_cast<int>(lane)},
         {"ts", us(f.startNs)},
         {"dur", static_cast<double>(f.durationNs) / 1000.0},
         {"args", std::move(args)}});
  }
  // Scenes: from each change to the next one in time (imports write scenes window by window, so
  // record order is not time order), the last one to the end of the session.
  std::vector<session::SceneChange> changes = d.sceneChanges;
  std::stable_sort(changes.begin(), changes.end(),
                   [](const session::SceneChange& a, const session::SceneChange& b) { return a.timeNs < b.timeNs; });
  for (size_t i = 0; i < changes.size(); ++i) {
    const int64_t start = changes[i].timeNs;
    const int64_t end = std::max(start, i + 1 < changes.size() ? changes[i + 1].timeNs : d.lastTimeNs);
    events.push_back({{"ph", "X"},
                      {"name", d.scenes[changes[i].scene]},
                      {"cat", "scene"},
                      {"pid", kPid},
                      {"tid", kScenesTid},
                      {"ts", us(start)},
                      {"dur", static_cast<double>(end - start) / 1000.0},
                      {"args", ordered_json::object()}});
  }
  for (const auto& si : d.issues) {
    const auto& i = si.issue;
    ordered_json args = {{"tag", i.tag},     {"type", i.type},       {"detail", i.detail},
                         {"scene", i.scene}, {"process", i.process}, {"stackKey", i.stackKey}};
    if (i.costMs) args["costMs"] = *i.costMs;
    if (i.truncated) args["truncated"] = true;
    if (i.io) {
      args["path"] = i.io->path;
      args["ioIssue"] = std::string(matrix::ioIssueTypeName(i.type));
    }
    events.push_back({{"ph", "i"},
                      {"s", "t"},
                      {"name", i.detail.empty() ? i.tag : i.tag + " " + i.detail},
                      {"cat", "issue"},
                      {"pid", kPid},
                      {"tid", kIssuesTid},
                      {"ts", us(si.timeNs)},
                      {"args", std::move(args)}});
  }
  for (const auto& a : d.anrs) {
    ordered_json args = {{"subject", a.report ? a.report->subject : std::string()}, {"error", a.error}};
    if (a.report) {
      if (const anr::AnrThread* main = a.report->mainThread()) {
        args["mainThreadState"] = main->state;
        std::vector<std::string> top(
            main->frames.begin(), main->frames.begin() + static_cast<long>(std::min<size_t>(main->frames.size(), 8)));
        args["mainThreadTop"] = top;
      }
      args["deadlocks"] = a.report->deadlocks.size();
    }
    events.push_back({{"ph", "i"},
                      {"s", "g"},
                      {"name", "ANR"},
                      {"cat", "anr"},
                      {"pid", kPid},
                      {"tid", kEventsTid},
                      {"ts", us(a.timeNs)},
                      {"args", std::move(args)}});
  }
  for (const auto& m : d.marks) {
    events.push_back({{"ph", "i"},
                      {"s", "p"},
                      {"name", m.text},
                      {"cat", "mark"},
                      {"pid", kPid},
                      {"tid", kEventsTid},
                      {"ts", us(m.timeNs)},
                      {"args", ordered_json::object()}});
  }
  for (const auto& h : d.heapDumps) {
    events.push_back({{"ph", "i"},
                      {"s", "p"},
                      {"name", "Heap dump"},
                      {"cat", "heapDump"},
                      {"pid", kPid},
                      {"tid", kEventsTid},
                      {"ts", us(h.timeNs)},
                      {"args", {{"path", h.text}, {"reason", h.detail}}}});
  }
  for (const auto& g : d.frameGaps) {
    events.push_back({{"ph", "X"},
                      {"name", "Frames not seen"},
                      {"cat", "frameGap"},
                      {"pid", kPid},
                      {"tid", kEventsTid},
                      {"ts", us(g.timeNs)},
                      {"dur", static_cast<double>(g.gapNs) / 1e3},
                      {"args", {{"scene", g.scene}, {"maxLostFrames", g.maxLostFrames}}}});
  }
  addMemoryCounters(d, us, events);
  ordered_json trace;
  trace["traceEvents"] = std::move(events);
  trace["displayTimeUnit"] = "ms";
  trace["metadata"] = {{"app", d.header.app},
                       {"device", d.header.device},
                       {"agentVersion", d.header.agentVersion},
                       {"startTimeUnixMs", d.header.startTimeUnixMs},
                       {"originMonotonicNs", origin}};
  return trace;
}

}  // namespace mxi::core::exports
