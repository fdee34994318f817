#include "core/strictmode/strictmode_deobfuscation.h"

namespace mxi::core::strictmode {

namespace {

// Frames are kept without "at "; an inlined frame becomes several.
void retraceFrames(std::vector<std::string>& frames, const mapping::R8Mapping& mapping) {
  std::vector<std::string> out;
  out.reserve(frames.size());
  for (const std::string& f : frames) {
    for (auto& line : mapping::retraceStackLine(mapping, f)) out.push_back(std::move(line));
  }
  frames = std::move(out);
}

}  // namespace

void deobfuscateViolations(std::vector<StrictModeViolation>& violations, const mapping::R8Mapping& mapping) {
  for (auto& v : violations) {
    retraceFrames(v.stack, mapping);
    retraceFrames(v.acquiredAt, mapping);
    if (!v.resource.empty()) v.resource = mapping.originalClass(v.resource);
  }
}

}  // namespace mxi::core::strictmode
