// The frame histogram a replayed gfxinfo capture must produce, computed straight from the
// capture text — independently of the agent's and core's parsers — for the tests that compare
// what arrived with what was replayed: the app's section, its Window: names and PROFILEDATA
// rows, Matrix drop levels at the capture's 60 Hz.
#pragma once

#include <array>
#include <cstdint>
#include <map>
#include <sstream>
#include <string>
#include <vector>

namespace mxi::test {

using SceneHistogram = std::map<std::string, std::array<uint64_t, 5>>;  // scene → frames per level

struct ReplayedFrames {
  SceneHistogram histogram;  // counted rows (Flags == 0)
  uint64_t rows = 0;         // every row of the app, flagged ones too
};

// `skipImplausible`: leave out rows whose FrameCompleted is before IntendedVsync or over 60 s
// after it (garbage stamps real captures contain), as the desktop's recorder does.
inline ReplayedFrames replayedFrames(const std::string& captureText, const std::string& package, bool skipImplausible) {
  ReplayedFrames out;
  bool inApp = false, inBlock = false;
  std::string window;
  std::vector<std::string> header;
  std::stringstream lines(captureText);
  for (std::string l; std::getline(lines, l);) {
    if (!l.empty() && l.back() == '\r') l.pop_back();
    if (l.starts_with("** Graphics info for pid")) inApp = l.find("[" + package + "]") != std::string::npos;
    if (!inApp) continue;
    if (l.starts_with("Window: ")) window = l.substr(8);
    if (l == "---PROFILEDATA---") {
      inBlock = !inBlock;
      header.clear();
      continue;
    }
    if (!inBlock) continue;
    std::vector<std::string> cells;
    std::stringstream cs(l);
    for (std::string c; std::getline(cs, c, ',');) cells.push_back(c);
    if (header.empty()) {
      header = cells;
      continue;
    }
    auto col = [&](const char* name) -> int64_t {
      for (size_t i = 0; i < header.size(); ++i) {
        if (header[i] == name) return std::stoll(cells.at(i));
      }
      return 0;
    };
    ++out.rows;
    if (col("Flags") != 0) continue;
    const int64_t start = col("IntendedVsync"), completed = col("FrameCompleted");
    if (skipImplausible && (completed < start || completed - start > 60'000'000'000)) continue;
    // Best [0,3) Normal [3,9) Middle [9,24) High [24,42) Frozen [42,∞) dropped vsyncs.
    const int64_t dropped = (completed - start) / 16'666'667;
    const size_t level = dropped >= 42 ? 4 : dropped >= 24 ? 3 : dropped >= 9 ? 2 : dropped >= 3 ? 1 : 0;
    out.histogram[window.substr(window.find('/') + 1)][level]++;
  }
  return out;
}

}  // namespace mxi::test
