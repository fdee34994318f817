// JSON view of `dumpsys dbinfo` (dbinfo_text.h's DbinfoReport): the contract of `mxi parse dbinfo`
// (issue 43). A field the layout did not print is omitted, never written as null, 0 or "", so a
// reader tells "Android 7 prints no path=" from an empty path.
#pragma once

#include <nlohmann/json.hpp>

#include "core/dbinfo/dbinfo_text.h"

namespace mxi::core::dbinfo {

// {time, kind, durationMs, status, sql, path, result}, present fields only.
nlohmann::ordered_json dbinfoOperationToJson(const DbinfoOperation& operation);
// {pid, process, pools: [{path, connections: [{id, primary, operations: […]}]}], files: [{name, bytes}]}
nlohmann::ordered_json dbinfoProcessToJson(const DbinfoProcess& process);
// {processes: […]} plus problems: [{line, what}] when there are any.
nlohmann::ordered_json dbinfoReportToJson(const DbinfoReport& report);

}  // namespace mxi::core::dbinfo
