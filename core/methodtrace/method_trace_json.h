// JSON view of a method trace and its verdicts: the contract of `mxi parse trace`.
#pragma once

#include <nlohmann/json.hpp>

#include <optional>
#include "core/base/status.h"
#include "core/methodtrace/method_trace.h"
#include "core/methodtrace/method_trace_verdicts.h"

namespace mxi::core::methodtrace {

// `mxi parse trace`: {version, clock, vm, pid, elapsedTimeUs, records, methods, streaming,
//  overflow, startTimeUs, threads[{id, name, records, calls}], mainThread: {id, name}|null,
//  dispatches[{startUs, wallUs, cpuUs, target}] (the `maxDispatches` slowest, in time order),
//  dispatchCount, issues[], error: {message, offset}|null}
nlohmann::ordered_json methodTraceToJson(const MethodTrace& trace, const MethodTraceReport& report,
                                         const std::optional<Status>& error, size_t maxDispatches);

}  // namespace mxi::core::methodtrace
