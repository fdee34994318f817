// The app's SQL of two sessions side by side, per statement shape (compareSql, session_compare.h).
#include "core/sessioncompare/session_compare.h"

#include <algorithm>
#include <map>

#include "core/sqlitelint/sql_shapes.h"

namespace mxi::core::sessioncompare {

using session::SessionData;
using session::SqlOperation;

namespace {

std::vector<sqlitelint::ShapeTotals> shapesOf(const SessionData& d) {
  sqlitelint::ShapeTable table;
  for (const SqlOperation& q : d.sqlOperations) table.add(q.sql, q.durationMs);
  return table.byTotal();
}

}  // namespace

std::vector<SqlShapeDelta> compareSql(const SessionData& base, const SessionData& next) {
  std::map<std::string, SqlShapeDelta> byShape;
  for (const auto& t : shapesOf(base)) {
    SqlShapeDelta& d = byShape[t.shape];
    d.shape = t.shape;
    d.baseCount = t.count;
    d.baseTotalMs = t.totalMs;
  }
  for (const auto& t : shapesOf(next)) {
    SqlShapeDelta& d = byShape[t.shape];
    d.shape = t.shape;
    d.nextCount = t.count;
    d.nextTotalMs = t.totalMs;
  }
  std::vector<SqlShapeDelta> out;
  for (auto& [shape, d] : byShape) {
    d.verdict = d.baseCount == 0 ? Verdict::kNew : d.nextCount == 0 ? Verdict::kGone : Verdict::kSame;
    out.push_back(std::move(d));
  }
  std::stable_sort(out.begin(), out.end(), [](const SqlShapeDelta& a, const SqlShapeDelta& b) {
    return std::max(a.baseTotalMs, a.nextTotalMs) > std::max(b.baseTotalMs, b.nextTotalMs);
  });
  return out;
}

}  // namespace mxi::core::sessioncompare
