#include "core/apkcheck/apk_checker_config.h"

#include "core/apkcheck/task_catalog.h"
#include "core/json/json_reader.h"

namespace mxi::core::apkcheck {

namespace {

// A parameter value as text: strings as they are, arrays joined with ',', numbers and booleans printed.
std::string valueText(const nlohmann::json& v) {
  if (v.is_string()) return v.get<std::string>();
  if (v.is_array()) {
    std::string joined;
    for (const nlohmann::json& item : v) joined += (joined.empty() ? "" : ",") + valueText(item);
    return joined;
  }
  if (v.is_boolean()) return v.get<bool>() ? "true" : "false";
  if (v.is_number_integer()) return std::to_string(v.get<int64_t>());
  if (v.is_number()) return std::to_string(v.get<double>());
  return {};
}

}  // namespace

StatusOr<ApkCheckerConfig> parseApkCheckerConfig(std::string_view text) {
  ASSIGN_OR_RETURN(const nlohmann::json root, json::parseJson(text));
  if (!root.is_object()) return invalidInput("an ApkChecker config is a JSON object", 0);
  ApkCheckerConfig config;
  config.apk = json::jsonString(root, "--apk");
  config.mappingTxt = json::jsonString(root, "--mappingTxt");
  config.output = json::jsonString(root, "--output");
  config.format = json::jsonString(root, "--format");
  const auto options = root.find("options");
  if (options == root.end()) return config;
  if (!options->is_array()) return invalidInput("\"options\" is not an array of tasks");
  std::string unknown;
  for (const nlohmann::json& item : *options) {
    if (!item.is_object()) return invalidInput("an entry of \"options\" is not an object");
    TaskRequest request;
    request.option = json::jsonString(item, "name");
    if (!findTask(request.option)) {
      unknown += (unknown.empty() ? "\"" : ", \"") + request.option + "\"";
      continue;
    }
    for (const auto& [key, value] : item.items()) {
      if (key != "name") request.params[key] = valueText(value);
    }
    if (request.option == "-unusedResources" && request.params.contains("--rTxt")) {
      config.rTxt = request.params["--rTxt"];
    }
    config.tasks.push_back(std::move(request));
  }
  if (!unknown.empty()) return invalidInput("unknown ApkChecker task name in \"options\": " + unknown);
  return config;
}

}  // namespace mxi::core::apkcheck
