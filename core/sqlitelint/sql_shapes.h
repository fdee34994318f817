// The app's statements per shape (statement.h: literals as `?`): how often each ran and how
// long it took, over recorded SQL operations (a session's, the live view's). Sorted by total
// time, the statement that cost the app most first.
#pragma once

#include <cstdint>
#include <map>
#include <string>
#include <string_view>
#include <vector>

namespace mxi::core::sqlitelint {

struct ShapeTotals {
  std::string shape;
  uint64_t count = 0;
  uint64_t timed = 0;   // runs whose duration was printed (a dump may not say)
  int64_t totalMs = 0;  // over the timed runs
  int64_t maxMs = 0;
  double meanMs() const { return timed ? static_cast<double>(totalMs) / static_cast<double>(timed) : 0.0; }
  friend bool operator==(const ShapeTotals&, const ShapeTotals&) = default;
};

class ShapeTable {
 public:
  // One run of `sql`; durationMs < 0: not known.
  void add(std::string_view sql, int64_t durationMs);
  // By total time, then count, then shape (a stable order for equal ones).
  std::vector<ShapeTotals> byTotal() const;
  uint64_t operations() const { return m_operations; }

 private:
  std::map<std::string, ShapeTotals, std::less<>> m_shapes;
  uint64_t m_operations = 0;
};

}  // namespace mxi::core::sqlitelint
