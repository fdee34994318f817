// JSON views of `dumpsys meminfo` (meminfo_text.h's MeminfoReport): the contract of `mxi parse
// meminfo`. A value the output did not print is omitted, never written as 0 or null, so a reader
// tells "Android 4.4 has no App Summary" from "the app uses 0 kB of graphics".
#pragma once

#include <nlohmann/json.hpp>

#include "core/meminfo/meminfo_text.h"

namespace mxi::core::meminfo {

// {javaHeapKb, nativeHeapKb, codeKb, stackKb, graphicsKb, privateOtherKb, systemKb, totalPssKb,
//  totalRssKb, totalSwapKb}, present fields only.
nlohmann::ordered_json meminfoSummaryToJson(const MeminfoSummary& summary);
// {views, viewRootImpl, appContexts, activities, assets, assetManagers, localBinders, proxyBinders,
//  parcelMemoryKb, parcelCount, deathRecipients, openSslSockets, webViews}, present fields only.
nlohmann::ordered_json meminfoObjectsToJson(const MeminfoObjects& objects);
// {pid, package, summary, objects, rows: [{name, "<column>": kB, …}]} (a row's blank cells omitted).
nlohmann::ordered_json meminfoProcessToJson(const MeminfoProcess& process);
// {processes: […], problems: [{line, offset, message}]}
nlohmann::ordered_json meminfoReportToJson(const MeminfoReport& report);

}  // namespace mxi::core::meminfo
