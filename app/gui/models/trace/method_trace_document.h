// An opened method trace: its calls, what the verdicts found and whether the file was damaged.
#pragma once

#include <QString>
#include <optional>

#include "core/base/status.h"
#include "core/methodtrace/method_trace.h"
#include "core/methodtrace/method_trace_verdicts.h"

namespace mxi::gui {

struct MethodTraceDocument {
  QString path;
  core::methodtrace::MethodTrace trace;
  core::methodtrace::MethodTraceReport report;
  std::optional<core::Status> error;  // the file ended early or was damaged: `trace` is what came before
  int64_t evilMethodMs = 700;         // the threshold the report was judged with
  QString mappingPath;                // the R8/ProGuard mapping.txt names went through ("": none)
  double loadSeconds = 0;
};

}  // namespace mxi::gui
