// nlohmann-json parsing without exceptions, keeping the byte offset of a syntax error.
#pragma once

#include <optional>
#include <string>
#include <string_view>

#include <nlohmann/json.hpp>

#include "core/base/status.h"

namespace mxi::core::json {

// Parses one JSON value; on failure the Status carries the byte offset (relative to `text`).
StatusOr<nlohmann::json> parseJson(std::string_view text);

// Typed field access that never throws: numbers given as numeric strings are accepted.
std::optional<int64_t> jsonInt(const nlohmann::json& object, const char* key);
std::optional<double> jsonDouble(const nlohmann::json& object, const char* key);
std::string jsonString(const nlohmann::json& object, const char* key);  // "" when absent/not a string
std::optional<bool> jsonBool(const nlohmann::json& object, const char* key);

}  // namespace mxi::core::json
