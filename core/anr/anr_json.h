// JSON views of ANR thread dumps: the contract of `mxi parse anr` and of session exports.
#pragma once

#include <nlohmann/json.hpp>

#include "core/anr/anr_trace.h"

namespace mxi::core::anr {

// {name, tid, sysTid, prio, daemon, state, frames[], waitingToLock: {lock, lockClass, heldByTid}|null, locked[]}
nlohmann::ordered_json anrThreadToJson(const AnrThread& thread);
// {subject, processes[], mainThread, blockingChains[], deadlocks[], problems[]}
nlohmann::ordered_json anrReportToJson(const AnrReport& report);

}  // namespace mxi::core::anr
