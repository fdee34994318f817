#include "core/strictmode/strictmode_json.h"

#include "core/json/json_writer.h"

namespace mxi::core::strictmode {

using nlohmann::ordered_json;

ordered_json violationToJson(const StrictModeViolation& v) {
  ordered_json j;
  j["type"] = v.type;
  j["policy"] = std::string(strictModePolicyName(v.policy));
  j["kind"] = std::string(strictModeKindName(strictModeKind(v)));
  j["durationMs"] = json::optionalJson(v.durationMs);
  j["pid"] = json::optionalJson(v.pid);
  j["tid"] = json::optionalJson(v.tid);
  j["mainThread"] = json::optionalJson(v.mainThread);
  j["resource"] = v.resource.empty() ? ordered_json(nullptr) : ordered_json(v.resource);
  j["stack"] = v.stack;
  j["acquiredAt"] = v.acquiredAt;
  j["truncated"] = v.truncated;
  return j;
}

ordered_json violationsToJson(const std::vector<StrictModeViolation>& violations) {
  ordered_json list = ordered_json::array();
  for (const auto& v : violations) list.push_back(violationToJson(v));
  ordered_json j;
  j["violations"] = std::move(list);
  return j;
}

}  // namespace mxi::core::strictmode
