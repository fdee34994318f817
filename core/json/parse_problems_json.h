// JSON view of the lines a parser skipped: [{line, offset, message}], in every `mxi parse` output.
#pragma once

#include <nlohmann/json.hpp>

#include <vector>

#include "core/base/parse_problem.h"

namespace mxi::core::json {

nlohmann::ordered_json problemsToJson(const std::vector<ParseProblem>& problems);

}  // namespace mxi::core::json
