// Writing a Matrix ResourceCanary upload zip: the (shrunk) hprof plus `result.info`
// (Java properties: sdkVersion, manufacturer, hprofEntry, leakedActivityKey), the layout
// Matrix's server side and `openDump` read.
#pragma once

#include <string>

#include "core/base/status.h"
#include "core/hprof/dump_source.h"

namespace mxi::core::hprof {

// Zips `hprofPath` as entry `info.hprofEntry` next to a result.info made from `info` (its four
// named keys, then any other key of `info.all`, e.g. packageName).
Status writeMatrixUploadZip(const std::string& zipPath, const std::string& hprofPath, const MatrixResultInfo& info);

}  // namespace mxi::core::hprof
