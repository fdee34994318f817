// libFuzzer target for `dumpsys meminfo` (the agent's sampler and `mxi parse meminfo` read it): parse,
// look every row's cells up by column, then the JSON view, written with the project's one writer.
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "core/json/json_writer.h"
#include "core/meminfo/meminfo_json.h"
#include "core/meminfo/meminfo_text.h"

using namespace mxi::core;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const meminfo::MeminfoReport report =
      meminfo::parseMeminfo(std::string_view(reinterpret_cast<const char*>(data), size));
  int64_t sink = 0;
  for (const auto& p : report.processes) {
    for (const auto& r : p.rows) {
      for (const auto& c : p.columns) sink += r.value(c).value_or(0);
    }
    sink += p.summary.totalPssKb.value_or(0);
  }
  sink += static_cast<int64_t>(json::dumpJson(meminfo::meminfoReportToJson(report)).size());
  volatile int64_t keep = sink;
  (void)keep;
  return 0;
}
