// The JSON view of StrictMode violations (`mxi parse strictmode --format json`):
// {"violations":[{"type","policy","kind","durationMs","pid","tid","mainThread","resource","stack",
// "acquiredAt","truncated"}]} — unknown values are null.
#pragma once

#include <nlohmann/json.hpp>

#include "core/strictmode/strictmode_text.h"

namespace mxi::core::strictmode {

nlohmann::ordered_json violationToJson(const StrictModeViolation& v);
nlohmann::ordered_json violationsToJson(const std::vector<StrictModeViolation>& violations);

}  // namespace mxi::core::strictmode
