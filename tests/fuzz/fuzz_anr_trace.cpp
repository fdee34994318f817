// libFuzzer target for ANR thread dumps: parse, chains and deadlocks, JSON view.
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "core/anr/anr_json.h"
#include "core/anr/anr_trace.h"
#include "core/json/json_writer.h"

using namespace mxi::core::json;
using namespace mxi::core::anr;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  auto report = parseAnrTrace(std::string_view(reinterpret_cast<const char*>(data), size));
  if (!report.ok()) return 0;
  volatile size_t sink = dumpJson(anrReportToJson(**report)).size();
  (void)sink;
  return 0;
}
