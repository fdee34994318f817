#include "core/framestats/framestats_json.h"

namespace mxi::core::framestats {

using nlohmann::ordered_json;

ordered_json frameStatsToJson(const FrameStats& s) {
  ordered_json j;
  j["frames"] = s.frames;
  j["flaggedFrames"] = s.flaggedFrames;
  ordered_json levels;
  for (size_t i = 0; i < kDropLevelCount; ++i)
    levels[std::string(dropLevelName(static_cast<DropLevel>(i)))] = s.levels[i];
  j["levels"] = std::move(levels);
  j["droppedFrames"] = s.droppedSum;
  j["jankFrames"] = s.jankFrames;
  j["jankPercent"] = s.jankPercent;
  j["fps"] = s.fps;
  j["p50Ms"] = s.p50Ms;
  j["p90Ms"] = s.p90Ms;
  j["p95Ms"] = s.p95Ms;
  j["p99Ms"] = s.p99Ms;
  j["maxMs"] = s.maxMs;
  ordered_json stages;
  for (size_t i = 0; i < kFrameStageCount; ++i) {
    stages[std::string(frameStageName(static_cast<FrameStage>(i)))] = s.dominantStages[i];
  }
  j["slowFrameStages"] = std::move(stages);
  return j;
}

}  // namespace mxi::core::framestats
