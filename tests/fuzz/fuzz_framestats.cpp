// libFuzzer target for gfxinfo framestats: parse, then every statistic over every window.
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "core/framestats/frame_stats.h"
#include "core/framestats/framestats_parser.h"

using namespace mxi::core::framestats;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  auto capture = parseFramestats(std::string_view(reinterpret_cast<const char*>(data), size));
  if (!capture.ok()) return 0;
  double sink = 0;
  for (const auto& w : (*capture)->windows) {
    sink += computeFrameStats(w.frames).fps;
    sink += static_cast<double>(sliceFrames(w.frames, 100'000'000).size());
  }
  volatile double keep = sink;
  (void)keep;
  return 0;
}
