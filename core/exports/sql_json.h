// A session's SQL as JSON (docs/SQLITE.md "Live"): its operations as recorded, its statements
// per shape (count, total / mean / max ms, by total) and two sessions' shapes compared. The
// summary, the export and the comparison share these forms.
#pragma once

#include <span>
#include <vector>

#include <nlohmann/json.hpp>

#include "core/session/sql_operation.h"
#include "core/sessioncompare/session_compare.h"
#include "core/sqlitelint/sql_shapes.h"

namespace mxi::core::exports {

// The statements per shape of recorded operations, by total time.
std::vector<sqlitelint::ShapeTotals> sqlShapesOf(std::span<const session::SqlOperation> operations);
// [{"shape","count","totalMs","meanMs","maxMs"}]; the times over the runs whose duration was printed.
nlohmann::ordered_json sqlShapesToJson(const std::vector<sqlitelint::ShapeTotals>& shapes);
// [{"timeNs","pid","process","dbPath","connectionId","time","wallClockMs","kind","durationMs","status","sql"}];
// connectionId, wallClockMs and durationMs are absent when not known.
nlohmann::ordered_json sqlOperationsToJson(std::span<const session::SqlOperation> operations);
// [{"shape","verdict","baseCount","nextCount","baseTotalMs","nextTotalMs"}]
nlohmann::ordered_json sqlDeltasToJson(const std::vector<sessioncompare::SqlShapeDelta>& deltas);

}  // namespace mxi::core::exports
