// `--mapping FILE` (repeatable) for every command that prints class, field or method names. Each
// file is sniffed: Matrix's methodMapping.txt (`id,accessFlags,class method desc` lines, names
// method ids) or an R8/ProGuard mapping.txt (minified names back to the source's; docs/MAPPING.md).
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <vector>

#include <CLI/CLI.hpp>
#include <nlohmann/json.hpp>

#include "core/base/status.h"
#include "core/mapping/r8_mapping.h"
#include "core/matrix/method_mapping.h"

namespace mxi::cli {

struct MappingInputs {
  std::optional<core::matrix::MethodMapping> methodMapping;  // every methodMapping.txt given, merged
  std::shared_ptr<const core::mapping::R8Mapping> r8;        // at most one R8/ProGuard mapping
  std::string r8Path;
  std::vector<std::string> methodMappingPaths;
};

// Adds `--mapping FILE` to `command`; `what` says which names the command prints through it.
void addMappingOption(CLI::App& command, std::vector<std::string>& paths, const std::string& what);

// Reads and sniffs each file; a second R8/ProGuard mapping is a usage error (one build per capture).
// The methodMapping's names then go through the R8 mapping too, as Matrix's plugin leaves them minified.
core::StatusOr<MappingInputs> loadMappings(const std::vector<std::string>& paths);

// {"r8": {"file", "classes", "version", "fingerprint"} | null, "methodMapping": [files]} for the JSON
// outputs, so a reader knows which mapping named what it sees.
nlohmann::ordered_json mappingsToJson(const MappingInputs& inputs);

}  // namespace mxi::cli
