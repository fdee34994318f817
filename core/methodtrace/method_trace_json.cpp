#include "core/methodtrace/method_trace_json.h"

#include <algorithm>

#include "core/matrix/matrix_json.h"

namespace mxi::core::methodtrace {

using nlohmann::ordered_json;

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
  for (const matrix::MatrixIssue& i : report.issues) issues.push_back(matrix::issueToJson(i));
  j["issues"] = std::move(issues);
  if (error) {
    j["error"] = {{"message", error->message()},
                  {"offset", error->hasOffset() ? ordered_json(error->offset()) : ordered_json(nullptr)}};
  } else {
    j["error"] = nullptr;
  }
  return j;
}

}  // namespace mxi::core::methodtrace
