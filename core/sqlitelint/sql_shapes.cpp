#include "core/sqlitelint/sql_shapes.h"

#include <algorithm>

#include "core/sqlitelint/statement.h"

namespace mxi::core::sqlitelint {

void ShapeTable::add(std::string_view sql, int64_t durationMs) {
  std::string shape = statementShape(sql);
  ShapeTotals& t = m_shapes[shape];
  if (t.count == 0) t.shape = std::move(shape);
  ++t.count;
  ++m_operations;
  if (durationMs >= 0) {
    ++t.timed;
    t.totalMs += durationMs;
    t.maxMs = std::max(t.maxMs, durationMs);
  }
}

std::vector<ShapeTotals> ShapeTable::byTotal() const {
  std::vector<ShapeTotals> out;
  out.reserve(m_shapes.size());
  for (const auto& [shape, totals] : m_shapes) out.push_back(totals);
  std::stable_sort(out.begin(), out.end(), [](const ShapeTotals& a, const ShapeTotals& b) {
    if (a.totalMs != b.totalMs) return a.totalMs > b.totalMs;
    return a.count > b.count;  // equal: the map's order, by shape
  });
  return out;
}

}  // namespace mxi::core::sqlitelint
