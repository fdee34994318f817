// nlohmann-json parsing without exceptions, keeping the byte offset of a syntax error.
#pragma once

#include <optional>
#include <string>
#include <string_view>

#include <nlohmann/json.hpp>

#include "core/base/status.h"

namespace mxi::core::trace {

// Parses one JSON value; on failure the Status carries the byte offset (relative to `text`).
StatusOr<nlohmann::json> parseJson(std::string_view text);

// Serializes without throwing: captured text (logcat lines cut at 4 KB, device stacks) may hold
// invalid UTF-8, which is replaced by U+FFFD instead of raising nlohmann's type_error.
std::string dumpJson(const nlohmann::json& value, int indent = -1);
std::string dumpJson(const nlohmann::ordered_json& value, int indent = -1);

// Typed field access that never throws: numbers given as numeric strings are accepted.
std::optional<int64_t> jsonInt(const nlohmann::json& object, const char* key);
std::optional<double> jsonDouble(const nlohmann::json& object, const char* key);
std::string jsonString(const nlohmann::json& object, const char* key);  // "" when absent/not a string
std::optional<bool> jsonBool(const nlohmann::json& object, const char* key);

}  // namespace mxi::core::trace
