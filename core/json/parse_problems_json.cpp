#include "core/json/parse_problems_json.h"

namespace mxi::core::json {

using nlohmann::ordered_json;

ordered_json problemsToJson(const std::vector<ParseProblem>& problems) {
  ordered_json out = ordered_json::array();
  for (const auto& p : problems) out.push_back({{"line", p.line}, {"offset", p.offset}, {"message", p.message}});
  return out;
}

}  // namespace mxi::core::json
