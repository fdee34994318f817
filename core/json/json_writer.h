// The project's one JSON writer (the `json_writer_sites` test fails on any other `dump()`):
// nlohmann's own dump() throws on invalid UTF-8, which device text holds whenever logcat cuts a
// line inside a character.
#pragma once

#include <nlohmann/json.hpp>

#include <optional>
#include <string>

namespace mxi::core::json {

// Serializes without throwing: captured text (logcat lines cut at 4 KB, device stacks) may hold
// invalid UTF-8, which is replaced by U+FFFD instead of raising nlohmann's type_error.
std::string dumpJson(const nlohmann::json& value, int indent = -1);
std::string dumpJson(const nlohmann::ordered_json& value, int indent = -1);

// A value, or null when it is absent.
template <class T>
nlohmann::ordered_json optionalJson(const std::optional<T>& value) {
  return value ? nlohmann::ordered_json(*value) : nlohmann::ordered_json(nullptr);
}

}  // namespace mxi::core::json
