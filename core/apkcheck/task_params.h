// A task's parameters as ApkChecker's config spells them ("--min": "10", "--suffix": "png, jpg",
// "--ignoreResources": ["R.raw.*", …] joined with commas), and the readers each task uses.
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <regex>
#include <string>
#include <vector>

namespace mxi::core::apkcheck {

using TaskParams = std::map<std::string, std::string>;

// The value of `name`, or `fallback` when absent or empty.
std::string param(const TaskParams& params, const std::string& name, const std::string& fallback = {});
// `--min` in KB as bytes (Matrix multiplies by 1024); 0 when absent or not a number.
uint64_t minBytesParam(const TaskParams& params);
// A comma list ("png, jpg") trimmed, empty items dropped; a leading '.' removed ("png" ≡ ".png").
std::vector<std::string> listParam(const TaskParams& params, const std::string& name);
// Matrix's glob patterns (`*` any run of characters, `?` one) as anchored regexes.
std::vector<std::regex> globParam(const TaskParams& params, const std::string& name);
bool matchesAny(const std::vector<std::regex>& patterns, const std::string& text);

// "png" for "res/a/b.9.png" as Matrix takes it: the text after the last '.' of the file name;
// empty when it has none.
std::string suffixOf(const std::string& path);

}  // namespace mxi::core::apkcheck
