// JSON views of the trace models: the contract of `mxi parse …` and of session exports.
#pragma once

#include <nlohmann/json.hpp>

#include "core/trace/anr_trace.h"
#include "core/trace/frame_stats.h"
#include "core/trace/framestats_parser.h"
#include "core/trace/matrix_issue.h"
#include "core/trace/method_trace.h"
#include "core/trace/method_trace_verdicts.h"

namespace mxi::core::trace {

// {methodId, name, count, costMs, selfMs, stackKey (only when true), children[]}
nlohmann::ordered_json callTreeToJson(const CallNode& node);
// {tag, kind, type, key, detail, cost, scene, process, time, stackKey, callTree, …kind fields, content}
nlohmann::ordered_json issueToJson(const MatrixIssue& issue);
// {name, tid, sysTid, prio, daemon, state, frames[], waitingToLock: {lock, lockClass, heldByTid}|null, locked[]}
nlohmann::ordered_json anrThreadToJson(const AnrThread& thread);
// {subject, processes[], mainThread, blockingChains[], deadlocks[], problems[]}
nlohmann::ordered_json anrReportToJson(const AnrReport& report);
// {frames, flaggedFrames, levels{best..frozen}, droppedFrames, jankFrames, jankPercent, fps,
//  p50Ms, p90Ms, p95Ms, p99Ms, maxMs, slowFrameStages{stage: count}}
nlohmann::ordered_json frameStatsToJson(const FrameStats& stats);
nlohmann::ordered_json problemsToJson(const std::vector<ParseProblem>& problems);
// `mxi parse trace`: {version, clock, vm, pid, elapsedTimeUs, records, methods, streaming,
//  overflow, startTimeUs, threads[{id, name, records, calls}], mainThread: {id, name}|null,
//  dispatches[{startUs, wallUs, cpuUs, target}] (the `maxDispatches` slowest, in time order),
//  dispatchCount, issues[], error: {message, offset}|null}
nlohmann::ordered_json methodTraceToJson(const MethodTrace& trace, const MethodTraceReport& report,
                                         const std::optional<Status>& error, size_t maxDispatches);

}  // namespace mxi::core::trace
