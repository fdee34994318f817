// libFuzzer target for method traces (classic and streaming): read, call trees, verdicts, JSON.
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "core/json/json_writer.h"
#include "core/methodtrace/method_trace.h"
#include "core/methodtrace/method_trace_json.h"
#include "core/methodtrace/method_trace_tree.h"
#include "core/methodtrace/method_trace_verdicts.h"

using namespace mxi::core::json;
using namespace mxi::core::matrix;
using namespace mxi::core::methodtrace;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  auto read = readMethodTrace(std::string_view(reinterpret_cast<const char*>(data), size));
  if (!read.ok()) return 0;
  MethodTraceOptions options;
  options.evilMethodMs = 1;
  options.ioOnceMs = 0;
  const MethodTraceReport report = judgeMethodTrace(read->trace, options);
  size_t sink = dumpJson(methodTraceToJson(read->trace, report, read->error, 10)).size();
  for (const TraceThread& t : read->trace.threads) sink += matrixStackOf(callTreeOf(t), 60, 0).size();
  volatile size_t keep = sink;
  (void)keep;
  return 0;
}
