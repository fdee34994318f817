// The agent's own parsers of what the phone's tools print (device-agent/src): getprop, display
// and SurfaceFlinger refresh rates, the resumed activity, `ps` (toybox or Android 7's toolbox),
// framestats into the frame deduplicator (gaps included), logcat lines into Matrix issues, am_anr
// and Activity destroy events, dropbox ANR entries, the Activity records per process, smaps_rollup.
// Any bytes: no crash, and what comes out is consistent.
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "core/devicetext/activity_records.h"
#include "core/devicetext/app_list.h"
#include "device-agent/src/device_info_parsers.h"
#include "device-agent/src/dropbox_parser.h"
#include "device-agent/src/frame_collector.h"
#include "device-agent/src/framestats_parser.h"
#include "device-agent/src/logcat_parser.h"
#include "device-agent/src/memory_sampler.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  using namespace mxi::agent;
  using mxi::core::devicetext::parseProcessList;
  const std::string_view input(reinterpret_cast<const char*>(data), size);
  (void)parseGetprop(input);
  (void)parseDisplayRefreshMilliHz(input);
  (void)parseSurfaceFlingerRefreshMilliHz(input);
  (void)parseResumedActivity(input);
  (void)packageOfComponent(input);
  for (const auto& p : parseProcessList(input)) {
    if (p.pid <= 0) __builtin_trap();  // only rows with a real pid are processes
  }
  // The same listing twice, then half of it: the deduplicator sends nothing twice, and a gap
  // never runs backwards.
  FrameDeduplicator frames;
  for (std::string_view text : {input, input, input.substr(size / 2)}) {
    for (const auto& gap : frames.newFrames("p.q", parseFramestats(text), "", 16'666'667).gaps) {
      if (gap.nextSeenVsyncNs <= gap.lastSeenVsyncNs) __builtin_trap();
    }
  }
  size_t start = 0;
  while (start < input.size()) {
    size_t end = input.find('\n', start);
    if (end == std::string_view::npos) end = input.size();
    if (const auto line = parseLogLine(input.substr(start, end - start))) {
      (void)parseMatrixIssue(*line);
      (void)parseAmAnr(*line);
      if (const auto destroy = parseActivityDestroy(*line); destroy && destroy->activity.empty()) __builtin_trap();
    }
    start = end + 1;
  }
  (void)parseDropbox(input);
  if (mxi::core::devicetext::countActivityRecordsOf(input, 1, "p.q") < 0) __builtin_trap();
  if (const auto rollup = parseSmapsRollup(input); rollup && rollup->pssKb < 0) __builtin_trap();
  return 0;
}
