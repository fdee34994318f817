#include "core/meminfo/meminfo_json.h"

#include <optional>

#include "core/json/parse_problems_json.h"

namespace mxi::core::meminfo {

using nlohmann::ordered_json;

namespace {

void put(ordered_json& j, const char* key, const std::optional<int64_t>& value) {
  if (value) j[key] = *value;
}

}  // namespace

ordered_json meminfoSummaryToJson(const MeminfoSummary& s) {
  ordered_json j = ordered_json::object();
  put(j, "javaHeapKb", s.javaHeapKb);
  put(j, "nativeHeapKb", s.nativeHeapKb);
  put(j, "codeKb", s.codeKb);
  put(j, "stackKb", s.stackKb);
  put(j, "graphicsKb", s.graphicsKb);
  put(j, "privateOtherKb", s.privateOtherKb);
  put(j, "systemKb", s.systemKb);
  put(j, "totalPssKb", s.totalPssKb);
  put(j, "totalRssKb", s.totalRssKb);
  put(j, "totalSwapKb", s.totalSwapKb);
  return j;
}

ordered_json meminfoObjectsToJson(const MeminfoObjects& o) {
  ordered_json j = ordered_json::object();
  put(j, "views", o.views);
  put(j, "viewRootImpl", o.viewRootImpl);
  put(j, "appContexts", o.appContexts);
  put(j, "activities", o.activities);
  put(j, "assets", o.assets);
  put(j, "assetManagers", o.assetManagers);
  put(j, "localBinders", o.localBinders);
  put(j, "proxyBinders", o.proxyBinders);
  put(j, "parcelMemoryKb", o.parcelMemoryKb);
  put(j, "parcelCount", o.parcelCount);
  put(j, "deathRecipients", o.deathRecipients);
  put(j, "openSslSockets", o.openSslSockets);
  put(j, "webViews", o.webViews);
  return j;
}

ordered_json meminfoProcessToJson(const MeminfoProcess& p) {
  ordered_json j;
  j["pid"] = p.pid;
  j["package"] = p.package;
  j["summary"] = meminfoSummaryToJson(p.summary);
  j["objects"] = meminfoObjectsToJson(p.objects);
  ordered_json rows = ordered_json::array();
  for (const MeminfoRow& r : p.rows) {
    ordered_json row;
    row["name"] = r.name;
    for (const auto& [column, kb] : r.values) row[column] = kb;
    rows.push_back(std::move(row));
  }
  j["rows"] = std::move(rows);
  return j;
}

ordered_json meminfoReportToJson(const MeminfoReport& r) {
  ordered_json j;
  ordered_json processes = ordered_json::array();
  for (const MeminfoProcess& p : r.processes) processes.push_back(meminfoProcessToJson(p));
  j["processes"] = std::move(processes);
  j["problems"] = json::problemsToJson(r.problems);
  return j;
}

}  // namespace mxi::core::meminfo
