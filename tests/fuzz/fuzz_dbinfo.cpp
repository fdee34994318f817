// libFuzzer target for `dumpsys dbinfo` (`mxi parse dbinfo` and, later, the agent's SQL collector
// read it): parse, walk every operation, then the JSON view, written with the project's one writer.
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "core/dbinfo/dbinfo_json.h"
#include "core/dbinfo/dbinfo_text.h"
#include "core/json/json_writer.h"

using namespace mxi::core;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const dbinfo::DbinfoReport report = dbinfo::parseDbinfo(std::string_view(reinterpret_cast<const char*>(data), size));
  int64_t sink = 0;
  for (const auto& p : report.processes) {
    for (const auto& pool : p.pools) {
      for (const auto& c : pool.connections) {
        for (const auto& op : c.operations) {
          sink +=
              op.durationMs.value_or(0) + (op.meminfoOwn ? 1 : 0) + static_cast<int64_t>(op.sql.value_or("").size());
        }
      }
    }
    for (const auto& f : p.files) sink += f.bytes;
  }
  sink += static_cast<int64_t>(json::dumpJson(dbinfo::dbinfoReportToJson(report)).size());
  volatile int64_t keep = sink;
  (void)keep;
  return 0;
}
