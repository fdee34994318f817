// libFuzzer target for ANR thread dumps: parse, chains and deadlocks, JSON view.
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "core/trace/anr_trace.h"
#include "core/trace/json_reader.h"
#include "core/trace/trace_json.h"

using namespace mxi::core::trace;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  auto report = parseAnrTrace(std::string_view(reinterpret_cast<const char*>(data), size));
  if (!report.ok()) return 0;
  volatile size_t sink = dumpJson(anrReportToJson(**report)).size();
  (void)sink;
  return 0;
}
