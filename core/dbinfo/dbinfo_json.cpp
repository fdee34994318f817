#include "core/dbinfo/dbinfo_json.h"

#include <optional>
#include <string>

namespace mxi::core::dbinfo {

using nlohmann::ordered_json;

namespace {

template <typename T>
void put(ordered_json& j, const char* key, const std::optional<T>& value) {
  if (value) j[key] = *value;
}

}  // namespace

ordered_json dbinfoOperationToJson(const DbinfoOperation& op) {
  ordered_json j;
  j["time"] = op.timeText;
  j["kind"] = op.kind;
  put(j, "durationMs", op.durationMs);
  j["status"] = op.status;
  put(j, "sql", op.sql);
  put(j, "path", op.path);
  put(j, "result", op.result);
  return j;
}

ordered_json dbinfoProcessToJson(const DbinfoProcess& p) {
  ordered_json j = ordered_json::object();
  put(j, "pid", p.pid);
  put(j, "process", p.process);
  ordered_json pools = ordered_json::array();
  for (const DbinfoPool& pool : p.pools) {
    ordered_json connections = ordered_json::array();
    for (const DbinfoConnection& c : pool.connections) {
      ordered_json connection = ordered_json::object();
      put(connection, "id", c.id);
      put(connection, "primary", c.primary);
      ordered_json operations = ordered_json::array();
      for (const DbinfoOperation& op : c.operations) operations.push_back(dbinfoOperationToJson(op));
      connection["operations"] = std::move(operations);
      connections.push_back(std::move(connection));
    }
    pools.push_back({{"path", pool.path}, {"connections", std::move(connections)}});
  }
  j["pools"] = std::move(pools);
  ordered_json files = ordered_json::array();
  for (const DbinfoFile& f : p.files) files.push_back({{"name", f.name}, {"bytes", f.bytes}});
  j["files"] = std::move(files);
  return j;
}

ordered_json dbinfoReportToJson(const DbinfoReport& r) {
  ordered_json j;
  ordered_json processes = ordered_json::array();
  for (const DbinfoProcess& p : r.processes) processes.push_back(dbinfoProcessToJson(p));
  j["processes"] = std::move(processes);
  if (!r.problems.empty()) {
    ordered_json problems = ordered_json::array();
    for (const ParseProblem& p : r.problems) problems.push_back({{"line", p.line}, {"what", p.message}});
    j["problems"] = std::move(problems);
  }
  return j;
}

}  // namespace mxi::core::dbinfo
