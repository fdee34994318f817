#include "core/exports/sql_json.h"

#include <cmath>

namespace mxi::core::exports {

using nlohmann::ordered_json;

std::vector<sqlitelint::ShapeTotals> sqlShapesOf(std::span<const session::SqlOperation> operations) {
  sqlitelint::ShapeTable table;
  for (const session::SqlOperation& q : operations) table.add(q.sql, q.durationMs);
  return table.byTotal();
}

ordered_json sqlShapesToJson(const std::vector<sqlitelint::ShapeTotals>& shapes) {
  ordered_json out = ordered_json::array();
  for (const auto& s : shapes) {
    out.push_back({{"shape", s.shape},
                   {"count", s.count},
                   {"totalMs", s.totalMs},
                   {"meanMs", std::round(s.meanMs() * 1000) / 1000},  // to the µs: a stable figure
                   {"maxMs", s.maxMs}});
  }
  return out;
}

ordered_json sqlOperationsToJson(std::span<const session::SqlOperation> operations) {
  ordered_json out = ordered_json::array();
  for (const session::SqlOperation& q : operations) {
    ordered_json j = {{"timeNs", q.timeNs}, {"pid", q.pid}, {"process", q.process}, {"dbPath", q.dbPath}};
    if (q.connectionId >= 0) j["connectionId"] = q.connectionId;
    j["time"] = q.timeText;
    if (q.wallClockMs > 0) j["wallClockMs"] = q.wallClockMs;
    j["kind"] = q.kind;
    if (q.durationMs >= 0) j["durationMs"] = q.durationMs;
    j["status"] = q.status;
    j["sql"] = q.sql;
    out.push_back(std::move(j));
  }
  return out;
}

ordered_json sqlDeltasToJson(const std::vector<sessioncompare::SqlShapeDelta>& deltas) {
  ordered_json out = ordered_json::array();
  for (const auto& d : deltas) {
    out.push_back({{"shape", d.shape},
                   {"verdict", std::string(sessioncompare::verdictName(d.verdict))},
                   {"baseCount", d.baseCount},
                   {"nextCount", d.nextCount},
                   {"baseTotalMs", d.baseTotalMs},
                   {"nextTotalMs", d.nextTotalMs}});
  }
  return out;
}

}  // namespace mxi::core::exports
