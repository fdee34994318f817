#include "core/exports/session_json.h"

#include "core/anr/anr_json.h"
#include "core/exports/memory_json.h"
#include "core/exports/sql_json.h"
#include "core/framestats/framestats_json.h"
#include "core/json/parse_problems_json.h"
#include "core/matrix/matrix_json.h"
#include "core/startup/startup_report.h"
#include "core/startup/startup_session.h"

namespace mxi::core::exports {

using nlohmann::ordered_json;

namespace {

ordered_json levelsToJson(const std::array<uint64_t, framestats::kDropLevelCount>& levels) {
  ordered_json j;
  for (size_t i = 0; i < framestats::kDropLevelCount; ++i) {
    j[std::string(framestats::dropLevelName(static_cast<framestats::DropLevel>(i)))] = levels[i];
  }
  return j;
}

ordered_json sceneSummaryToJson(const session::SceneFrameSummary& s, const std::string& name) {
  ordered_json j;
  j["name"] = name;
  j["frames"] = s.frames;
  j["flaggedFrames"] = s.flaggedFrames;
  j["levels"] = levelsToJson(s.levels);
  j["droppedFrames"] = s.droppedSum;
  j["fps"] = s.fps();
  j["jankPercent"] = s.frames ? 100.0 * static_cast<double>(s.jankFrames) / static_cast<double>(s.frames) : 0.0;
  j["p50Ms"] = s.percentileMs(50);
  j["p90Ms"] = s.percentileMs(90);
  j["p95Ms"] = s.percentileMs(95);
  j["p99Ms"] = s.percentileMs(99);
  ordered_json stages;
  for (size_t i = 0; i < framestats::kFrameStageCount; ++i) {
    stages[std::string(framestats::frameStageName(static_cast<framestats::FrameStage>(i)))] = s.dominantStages[i];
  }
  j["slowFrameStages"] = std::move(stages);
  return j;
}

}  // namespace

ordered_json headerToJson(const session::SessionHeader& h) {
  ordered_json j;
  j["formatVersion"] = h.formatVersion;
  j["device"] = h.device;
  j["app"] = h.app;
  j["agentVersion"] = h.agentVersion;
  j["startTimeUnixMs"] = h.startTimeUnixMs;
  j["startMonotonicNs"] = h.startMonotonicNs;
  j["refreshHz"] = h.refreshHz;
  ordered_json extras = ordered_json::object();
  for (const auto& [k, v] : h.extras) extras[k] = v;
  j["extras"] = std::move(extras);
  return j;
}

ordered_json recoveryToJson(const session::RecoveryReport& r) {
  // A count or time the file no longer tells is null.
  auto orNull = [](const auto& value) { return value ? ordered_json(*value) : ordered_json(nullptr); };
  ordered_json damaged = ordered_json::array();
  for (const auto& b : r.damagedBlocks) {
    damaged.push_back({{"index", b.index},
                       {"offset", b.offset},
                       {"bytes", b.bytes},
                       {"records", orNull(b.records)},
                       {"fromNs", orNull(b.fromNs)},
                       {"toNs", orNull(b.toNs)},
                       {"reason", b.reason}});
  }
  return {{"cleanClose", r.cleanClose},
          {"intact", r.intact()},
          {"fileBytes", r.fileBytes},
          {"tornBytes", r.tornBytes},
          {"corruptBytes", r.corruptBytes},
          {"lostRecords", r.lostRecords},
          {"lostRecordsExact", r.lostRecordsExact},
          {"damagedBlocks", std::move(damaged)},
          {"notes", r.notes}};
}

ordered_json frameGapsToJson(const std::vector<session::SessionFrameGap>& gaps) {
  ordered_json out = ordered_json::array();
  for (const auto& g : gaps) {
    out.push_back({{"timeNs", g.timeNs},
                   {"durationMs", static_cast<double>(g.gapNs) / 1e6},
                   {"maxLostFrames", g.maxLostFrames},
                   {"scene", g.scene}});
  }
  return out;
}

ordered_json summaryToJson(const session::SessionSummary& s) {
  ordered_json j;
  j["durationMs"] = s.durationMs();
  j["offClockMs"] = static_cast<double>(s.offClockNs) / 1e6;
  j["records"] = s.records;
  j["frames"] = s.frames;
  j["flaggedFrames"] = s.flaggedFrames;
  j["issues"] = s.issues;
  j["anrs"] = s.anrs;
  j["marks"] = s.marks;
  j["heapDumps"] = s.heapDumps;
  j["frameGaps"] = s.frameGaps;
  j["memorySamples"] = s.memorySamples;
  j["sqlOperations"] = s.sqlOperations;
  j["startupRuns"] = s.startupRuns;
  j["sceneChanges"] = s.sceneChanges;
  j["unknownRecords"] = s.unknownRecords;
  const ordered_json overall = sceneSummaryToJson(s.overall, "");
  for (const char* k : {"fps", "jankPercent", "levels", "p50Ms", "p90Ms", "p95Ms", "p99Ms"}) j[k] = overall[k];
  ordered_json scenes = ordered_json::array();
  for (const auto& sc : s.scenes)
    scenes.push_back(sceneSummaryToJson(sc, sc.scene.empty() ? session::kNoScene : sc.scene));
  j["scenes"] = std::move(scenes);
  return j;
}

ordered_json sessionToJson(const session::SessionData& d, const framestats::DropThresholds& thresholds,
                           int64_t sliceNs) {
  ordered_json j;
  j["header"] = headerToJson(d.header);
  j["recovery"] = recoveryToJson(d.recovery);
  j["firstTimeNs"] = d.firstTimeNs;
  j["lastTimeNs"] = d.lastTimeNs;
  j["durationMs"] = static_cast<double>(d.lastTimeNs - d.firstTimeNs) / 1e6;
  j["offClockMs"] = static_cast<double>(d.offClockNs) / 1e6;
  ordered_json scenes = ordered_json::array();
  for (uint32_t s = 0; s < d.scenes.size(); ++s) {
    const auto frames = d.framesOfScene(s);
    if (frames.empty() && s == 0) continue;
    ordered_json sj;
    sj["name"] = d.scenes[s];
    sj.update(framestats::frameStatsToJson(framestats::computeFrameStats(frames, thresholds)));
    ordered_json slices = ordered_json::array();
    for (const auto& slice : framestats::sliceFrames(frames, sliceNs, thresholds)) {
      ordered_json slj;
      slj["startMs"] = static_cast<double>(slice.startNs - d.firstTimeNs) / 1e6;
      slj.update(framestats::frameStatsToJson(slice.stats));
      slices.push_back(std::move(slj));
    }
    sj["sliceMs"] = static_cast<double>(sliceNs) / 1e6;
    sj["slices"] = std::move(slices);
    scenes.push_back(std::move(sj));
  }
  j["scenes"] = std::move(scenes);
  ordered_json frames = ordered_json::array();
  for (const session::SessionFrame& f : d.frames) {
    ordered_json fj;
    fj["startNs"] = f.frame.startNs;
    fj["durationNs"] = f.frame.durationNs;
    fj["refreshPeriodNs"] = f.frame.refreshPeriodNs;
    fj["flags"] = f.frame.flags;
    fj["droppedFrames"] = f.frame.droppedFrames();
    fj["level"] = std::string(framestats::dropLevelName(thresholds.levelOf(f.frame.droppedFrames())));
    fj["scene"] = d.scenes[f.scene];
    fj["stagesNs"] = f.frame.stageNs;
    frames.push_back(std::move(fj));
  }
  j["frames"] = std::move(frames);
  ordered_json issues = ordered_json::array();
  for (const auto& i : d.issues) {
    ordered_json ij = matrix::issueToJson(i.issue);
    ij["timeNs"] = i.timeNs;
    issues.push_back(std::move(ij));
  }
  j["issues"] = std::move(issues);
  if (auto runs = startup::startupReportOf(d, "the session"); runs.ok()) {
    ordered_json report = startup::reportJson(*runs);
    report.erase("issues");  // they are the session's issues above
    j["startup"] = std::move(report);
  }
  ordered_json anrs = ordered_json::array();
  for (const auto& a : d.anrs) {
    ordered_json aj;
    aj["timeNs"] = a.timeNs;
    aj["report"] = a.report ? anr::anrReportToJson(*a.report) : ordered_json(nullptr);
    aj["error"] = a.error;
    aj["text"] = a.text;
    anrs.push_back(std::move(aj));
  }
  j["anrs"] = std::move(anrs);
  ordered_json marks = ordered_json::array();
  for (const auto& m : d.marks) marks.push_back({{"timeNs", m.timeNs}, {"label", m.text}});
  j["marks"] = std::move(marks);
  ordered_json dumps = ordered_json::array();
  for (const auto& h : d.heapDumps) dumps.push_back({{"timeNs", h.timeNs}, {"path", h.text}, {"reason", h.detail}});
  j["heapDumps"] = std::move(dumps);
  j["frameGaps"] = frameGapsToJson(d.frameGaps);
  j["memory"] = memorySamplesToJson(d.memory);
  j["sqlStatements"] = sqlShapesToJson(sqlShapesOf(d.sqlOperations));
  j["sqlOperations"] = sqlOperationsToJson(d.sqlOperations);
  j["problems"] = json::problemsToJson(d.problems);
  j["unknownRecords"] = d.unknownRecords;
  return j;
}

ordered_json comparisonToJson(const sessioncompare::SessionComparison& c) {
  ordered_json j;
  j["regression"] = c.hasRegression();
  j["regressions"] = c.regressions;
  ordered_json scenes = ordered_json::array();
  for (const auto& s : c.scenes) {
    ordered_json sj;
    sj["name"] = s.scene;
    sj["verdict"] = std::string(sessioncompare::verdictName(s.verdict));
    sj["base"] = framestats::frameStatsToJson(s.base);
    sj["new"] = framestats::frameStatsToJson(s.next);
    sj["fpsDelta"] = s.next.fps - s.base.fps;
    sj["medianChangePercent"] = s.medianChangePct;
    sj["mannWhitney"] = {{"u", s.test.u},
                         {"z", s.test.z},
                         {"pGreater", s.test.pGreater},
                         {"pLess", s.test.pLess},
                         {"effect", s.test.effect}};
    scenes.push_back(std::move(sj));
  }
  j["scenes"] = std::move(scenes);
  ordered_json evil = ordered_json::array();
  for (const auto& e : c.evilMethods) {
    evil.push_back({{"stackKey", e.stackKey},
                    {"methodId", e.methodId},
                    {"methodName", e.methodName},
                    {"detail", e.detail},
                    {"verdict", std::string(sessioncompare::verdictName(e.verdict))},
                    {"regression", e.regression},
                    {"baseCount", e.baseCount},
                    {"newCount", e.nextCount},
                    {"baseMedianMs", e.baseMedianMs},
                    {"newMedianMs", e.nextMedianMs},
                    {"baseMaxMs", e.baseMaxMs},
                    {"newMaxMs", e.nextMaxMs}});
  }
  j["evilMethods"] = std::move(evil);
  j["anrs"] = {{"base", c.baseAnrs}, {"new", c.nextAnrs}};
  ordered_json io = ordered_json::array();
  for (const auto& e : c.io) {
    io.push_back({{"type", e.type},
                  {"issueType", std::string(matrix::ioIssueTypeName(e.type))},
                  {"path", e.path},
                  {"verdict", std::string(sessioncompare::verdictName(e.verdict))},
                  {"regression", e.regression},
                  {"baseCount", e.baseCount},
                  {"newCount", e.nextCount},
                  {"baseCostMs", e.baseCostMs},
                  {"newCostMs", e.nextCostMs}});
  }
  j["io"] = std::move(io);
  ordered_json startup = ordered_json::array();
  for (const auto& s : c.startup) {
    startup.push_back({{"metric", s.metric},
                       {"baseMs", s.baseMs},
                       {"newMs", s.nextMs},
                       {"deltaMs", s.nextMs - s.baseMs},
                       {"regression", s.regression}});
  }
  j["startup"] = std::move(startup);
  j["startupRuns"] = c.startupRuns ? startup::verdictJson(*c.startupRuns) : ordered_json(nullptr);
  j["memory"] = memoryDeltasToJson(c.memory);
  j["sql"] = sqlDeltasToJson(c.sql);
  return j;
}

}  // namespace mxi::core::exports
