#include "app/cli/mapping_option.h"

#include <cstdio>

#include "app/cli/cli_common.h"
#include "app/cli/text_input.h"

namespace mxi::cli {

void addMappingOption(CLI::App& command, std::vector<std::string>& paths, const std::string& what) {
  command.add_option("--mapping", paths,
                     "Mapping file, repeatable: an R8/ProGuard mapping.txt (" + what +
                         ") or Matrix's methodMapping.txt (names method ids); each file's kind is recognised");
}

core::StatusOr<MappingInputs> loadMappings(const std::vector<std::string>& paths) {
  MappingInputs inputs;
  std::string methodText;
  for (const std::string& path : paths) {
    ASSIGN_OR_RETURN(const std::string text, about(path, readTextInput(path)));
    if (core::matrix::isMatrixMethodMapping(text)) {
      // Parsed alone first, so an error names this file and its own line.
      RETURN_IF_ERROR(about(path, core::matrix::MethodMapping::parse(text).status()));
      methodText += text + "\n";
      inputs.methodMappingPaths.push_back(path);
      continue;
    }
    if (inputs.r8) {
      return about(path, core::invalidInput("a second R8/ProGuard mapping (the first was " + inputs.r8Path +
                                            "); give the one of the build the capture came from"));
    }
    ASSIGN_OR_RETURN(auto parsed, about(path, core::mapping::R8Mapping::parse(text)));
    inputs.r8 = std::make_shared<const core::mapping::R8Mapping>(std::move(parsed));
    inputs.r8Path = path;
  }
  if (!inputs.methodMappingPaths.empty()) {
    ASSIGN_OR_RETURN(inputs.methodMapping, core::matrix::MethodMapping::parse(methodText));
    if (inputs.r8) inputs.methodMapping->applyProguard(*inputs.r8);
  }
  return inputs;
}

nlohmann::ordered_json mappingsToJson(const MappingInputs& inputs) {
  nlohmann::ordered_json j;
  if (inputs.r8) {
    char hex[17];
    std::snprintf(hex, sizeof hex, "%016llx", static_cast<unsigned long long>(inputs.r8->fingerprint()));
    j["r8"] = {{"file", inputs.r8Path},
               {"classes", inputs.r8->classCount()},
               {"version", inputs.r8->mapVersion()},
               {"fingerprint", hex}};
  } else {
    j["r8"] = nullptr;
  }
  j["methodMapping"] = inputs.methodMappingPaths;
  return j;
}

}  // namespace mxi::cli
