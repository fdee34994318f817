#include "core/trace/trace_json.h"

#include <algorithm>

#include "core/trace/json_reader.h"

namespace mxi::core::trace {

using nlohmann::ordered_json;

ordered_json callTreeToJson(const CallNode& node) {
  ordered_json j;
  j["methodId"] = node.methodId;
  j["name"] = node.name;
  j["count"] = node.count;
  j["costMs"] = node.costMs;
  j["selfMs"] = node.selfMs;
  if (node.isStackKey) j["stackKey"] = true;
  ordered_json children = ordered_json::array();
  for (const CallNode& c : node.children) children.push_back(callTreeToJson(c));
  j["children"] = std::move(children);
  return j;
}

namespace {
template <class T>
ordered_json optionalJson(const std::optional<T>& v) {
  return v ? ordered_json(*v) : ordered_json(nullptr);
}
}  // namespace

ordered_json issueToJson(const MatrixIssue& i) {
  ordered_json j;
  j["tag"] = i.tag;
  j["kind"] = std::string(issueKindName(i.kind));
  j["type"] = i.type;
  j["key"] = i.key;
  j["detail"] = i.detail;
  j["cost"] = optionalJson(i.costMs);
  j["scene"] = i.scene;
  j["process"] = i.process;
  j["time"] = optionalJson(i.timeMs);
  j["stackKey"] = i.stackKey;
  j["callTree"] = i.callTree ? callTreeToJson(*i.callTree) : ordered_json(nullptr);
  if (!i.threadStack.empty()) j["threadStack"] = i.threadStack;
  if (!i.usage.empty()) j["usage"] = i.usage;
  if (i.fps) {
    ordered_json f;
    const char* names[] = {"best", "normal", "middle", "high", "frozen"};
    for (size_t k = 0; k < kDropLevelCount; ++k) f["dropLevel"][names[k]] = i.fps->dropLevel[k];
    for (size_t k = 0; k < kDropLevelCount; ++k) f["dropSum"][names[k]] = i.fps->dropSum[k];
    f["fps"] = i.fps->fps;
    for (const auto& [k, v] : i.fps->metrics) f["metrics"][k] = v;
    j["fps"] = std::move(f);
  }
  if (i.startup) {
    j["startup"] = {{"applicationCreateMs", optionalJson(i.startup->applicationCreateMs)},
                    {"firstActivityCreateMs", optionalJson(i.startup->firstActivityCreateMs)},
                    {"betweenMs", optionalJson(i.startup->betweenMs)},
                    {"startupDurationMs", optionalJson(i.startup->startupDurationMs)},
                    {"applicationCreateScene", optionalJson(i.startup->applicationCreateScene)},
                    {"warmStart", optionalJson(i.startup->warmStart)}};
    if (i.startup->amTotalTimeMs || i.startup->amWaitTimeMs) {
      j["startup"]["amTotalTimeMs"] = optionalJson(i.startup->amTotalTimeMs);
      j["startup"]["amWaitTimeMs"] = optionalJson(i.startup->amWaitTimeMs);
      j["startup"]["launchState"] = i.startup->launchState;
    }
  }
  if (i.io) {
    j["io"] = {{"issueType", std::string(ioIssueTypeName(i.type))},
               {"path", i.io->path},
               {"size", i.io->size},
               {"opCount", i.io->opCount},
               {"buffer", i.io->buffer},
               {"costMs", i.io->costMs},
               {"opType", i.io->opType},
               {"opSize", i.io->opSize},
               {"thread", i.io->thread},
               {"repeat", i.io->repeat}};
    if (!i.io->method.empty()) {
      j["io"]["method"] = i.io->method;
      j["io"]["caller"] = i.io->caller;
      j["io"]["maxOnceMs"] = optionalJson(i.io->maxOnceMs);
    }
  }
  if (i.memory) {
    j["memory"] = {{"activity", i.memory->activity},
                   {"refKey", i.memory->refKey},
                   {"resultZipPath", i.memory->resultZipPath},
                   {"hprofPath", i.memory->hprofPath},
                   {"leakProcess", i.memory->leakProcess},
                   {"leakDetail", i.memory->leakDetail},
                   {"costMillis", optionalJson(i.memory->costMillis)}};
  }
  if (i.truncated) {
    j["truncated"] = true;
    j["content"] = i.contentJson;  // the text as received
  } else {
    auto content = parseJson(i.contentJson);
    j["content"] = content.ok() ? ordered_json(*content) : ordered_json(nullptr);
  }
  j["line"] = i.line;
  return j;
}

ordered_json anrThreadToJson(const AnrThread& t) {
  ordered_json j;
  j["name"] = t.name;
  j["tid"] = t.tid;
  j["sysTid"] = t.sysTid;
  j["prio"] = t.prio;
  j["daemon"] = t.daemon;
  j["state"] = t.state;
  j["frames"] = t.frames;
  if (t.waitingToLock) {
    j["waitingToLock"] = {{"lock", t.waitingToLock->lock},
                          {"lockClass", t.waitingToLock->lockClass},
                          {"heldByTid", t.waitingToLock->heldByTid}};
  } else {
    j["waitingToLock"] = nullptr;
  }
  j["locked"] = t.locked;
  return j;
}

ordered_json anrReportToJson(const AnrReport& r) {
  ordered_json j;
  j["subject"] = r.subject;
  ordered_json processes = ordered_json::array();
  for (const AnrProcess& p : r.processes) {
    ordered_json pj;
    pj["pid"] = p.pid;
    pj["cmdline"] = p.cmdline;
    pj["time"] = p.time;
    pj["abi"] = p.abi;
    pj["nativeOnly"] = p.nativeOnly;
    pj["complete"] = p.complete;
    ordered_json threads = ordered_json::array();
    for (const AnrThread& t : p.threads) threads.push_back(anrThreadToJson(t));
    pj["threads"] = std::move(threads);
    processes.push_back(std::move(pj));
  }
  j["processes"] = std::move(processes);
  const AnrThread* main = r.mainThread();
  j["mainThread"] = main ? anrThreadToJson(*main) : ordered_json(nullptr);
  auto chains = [](const std::vector<BlockingChain>& list) {
    ordered_json out = ordered_json::array();
    for (const auto& c : list) out.push_back({{"pid", c.pid}, {"tids", c.tids}, {"cycle", c.endsInCycle}});
    return out;
  };
  j["blockingChains"] = chains(r.blockingChains);
  j["deadlocks"] = chains(r.deadlocks);
  j["problems"] = problemsToJson(r.problems);
  return j;
}

ordered_json frameStatsToJson(const FrameStats& s) {
  ordered_json j;
  j["frames"] = s.frames;
  j["flaggedFrames"] = s.flaggedFrames;
  ordered_json levels;
  for (size_t i = 0; i < kDropLevelCount; ++i)
    levels[std::string(dropLevelName(static_cast<DropLevel>(i)))] = s.levels[i];
  j["levels"] = std::move(levels);
  j["droppedFrames"] = s.droppedSum;
  j["jankFrames"] = s.jankFrames;
  j["jankPercent"] = s.jankPercent;
  j["fps"] = s.fps;
  j["p50Ms"] = s.p50Ms;
  j["p90Ms"] = s.p90Ms;
  j["p95Ms"] = s.p95Ms;
  j["p99Ms"] = s.p99Ms;
  j["maxMs"] = s.maxMs;
  ordered_json stages;
  for (size_t i = 0; i < kFrameStageCount; ++i) {
    stages[std::string(frameStageName(static_cast<FrameStage>(i)))] = s.dominantStages[i];
  }
  j["slowFrameStages"] = std::move(stages);
  return j;
}

ordered_json problemsToJson(const std::vector<ParseProblem>& problems) {
  ordered_json out = ordered_json::array();
  for (const auto& p : problems) out.push_back({{"line", p.line}, {"offset", p.offset}, {"message", p.message}});
  return out;
}

ordered_json methodTraceToJson(const MethodTrace& trace, const MethodTraceReport& report,
                               const std::optional<Status>& error, size_t maxDispatches) {
  ordered_json j;
  j["version"] = trace.version;
  j["clock"] = traceClockName(trace.clock);
  j["vm"] = trace.vm;
  j["pid"] = trace.pid ? ordered_json(*trace.pid) : ordered_json(nullptr);
  j["elapsedTimeUs"] = trace.elapsedTimeUs;
  j["records"] = trace.records;
  j["methods"] = trace.methods.size();
  j["streaming"] = trace.streaming;
  j["overflow"] = trace.overflow;
  j["startTimeUs"] = trace.startTimeUs;
  ordered_json threads = ordered_json::array();
  for (const TraceThread& t : trace.threads) {
    threads.push_back({{"id", t.id}, {"name", t.name}, {"records", t.records}, {"calls", t.calls.size()}});
  }
  j["threads"] = std::move(threads);
  if (report.mainThread) {
    const TraceThread& main = trace.threads[*report.mainThread];
    j["mainThread"] = {{"id", main.id}, {"name", main.name}};
  } else {
    j["mainThread"] = nullptr;
  }
  std::vector<const LooperDispatch*> slowest;
  for (const LooperDispatch& d : report.dispatches) slowest.push_back(&d);
  std::stable_sort(slowest.begin(), slowest.end(), [](auto* a, auto* b) { return a->wallUs > b->wallUs; });
  if (slowest.size() > maxDispatches) slowest.resize(maxDispatches);
  std::sort(slowest.begin(), slowest.end(), [](auto* a, auto* b) { return a->startUs < b->startUs; });
  ordered_json dispatches = ordered_json::array();
  for (const LooperDispatch* d : slowest) {
    dispatches.push_back({{"startUs", d->startUs}, {"wallUs", d->wallUs}, {"cpuUs", d->cpuUs}, {"target", d->target}});
  }
  j["dispatches"] = std::move(dispatches);
  j["dispatchCount"] = report.dispatches.size();
  ordered_json issues = ordered_json::array();
  for (const MatrixIssue& i : report.issues) issues.push_back(issueToJson(i));
  j["issues"] = std::move(issues);
  if (error) {
    j["error"] = {{"message", error->message()},
                  {"offset", error->hasOffset() ? ordered_json(error->offset()) : ordered_json(nullptr)}};
  } else {
    j["error"] = nullptr;
  }
  return j;
}

}  // namespace mxi::core::trace
