#include "device-agent/src/framestats_parser.h"

#include <array>

#include "core/base/text_lines.h"

namespace mxi::agent {

using namespace core::text;

namespace {

using core::protocol::FrameTiming;

enum Col : int {
  kFlags, kIntendedVsync, kVsync, kHandleInputStart, kAnimationStart, kPerformTraversalsStart, kDrawStart,
  kSyncQueued, kSyncStart, kIssueDrawCommandsStart, kSwapBuffers, kFrameCompleted, kGpuCompleted,
  kFrameInterval, kFrameStartTime, kColCount
};
constexpr std::array<std::string_view, kColCount> kNames = {
    "Flags", "IntendedVsync", "Vsync", "HandleInputStart", "AnimationStart", "PerformTraversalsStart",
    "DrawStart", "SyncQueued", "SyncStart", "IssueDrawCommandsStart", "SwapBuffers", "FrameCompleted",
    "GpuCompleted", "FrameInterval", "FrameStartTime"};

bool isPeriod(int64_t v) { return v >= 1'000'000 && v <= 100'000'000; }  // 10..1000 Hz

std::vector<std::string_view> splitCsv(std::string_view line) {
  std::vector<std::string_view> out;
  size_t pos = 0;
  while (pos <= line.size()) {
    size_t end = line.find(',', pos);
    if (end == std::string_view::npos) end = line.size();
    out.push_back(line.substr(pos, end - pos));
    pos = end + 1;
  }
  if (!out.empty() && out.back().empty()) out.pop_back();  // every line ends with ','
  return out;
}

std::string windowFromViewRoot(std::string_view line) {
  // "\tpkg/pkg.Main/android.view.ViewRootImpl@73f2e63 (visibility=0)"
  line = trim(line);
  const size_t at = line.find("/android.view.ViewRootImpl@");
  return std::string(at == std::string_view::npos ? std::string_view() : line.substr(0, at));
}

}  // namespace

std::vector<WindowFrames> parseFramestats(std::string_view text) {
  if (text.starts_with("\xEF\xBB\xBF")) text.remove_prefix(3);
  std::vector<WindowFrames> windows;
  std::string window;
  bool inBlock = false;
  std::array<int, kColCount> index{};
  bool haveHeader = false;
  forEachLine(text, [&](std::string_view line) {
    if (line == "---PROFILEDATA---") {
      inBlock = !inBlock;
      haveHeader = false;
      if (inBlock) windows.push_back({window, {}});
      return;
    }
    if (!inBlock) {
      if (line.starts_with("Window: ")) {
        window = std::string(trim(line.substr(8)));
      } else if (line.starts_with("** Graphics info for pid")) {
        window.clear();
      } else if (line.find("/android.view.ViewRootImpl@") != std::string_view::npos) {
        window = windowFromViewRoot(line);
      }
      return;
    }
    const std::vector<std::string_view> cells = splitCsv(line);
    if (!haveHeader) {
      index.fill(-1);
      for (size_t i = 0; i < cells.size(); ++i) {
        for (int c = 0; c < kColCount; ++c) {
          if (cells[i] == kNames[static_cast<size_t>(c)]) index[static_cast<size_t>(c)] = static_cast<int>(i);
        }
      }
      haveHeader = index[kFlags] >= 0 && index[kIntendedVsync] >= 0 && index[kFrameCompleted] >= 0;
      return;
    }
    auto cell = [&](int c) -> int64_t {
      const int i = index[static_cast<size_t>(c)];
      if (i < 0 || static_cast<size_t>(i) >= cells.size()) return 0;
      return parseInt(cells[static_cast<size_t>(i)]).value_or(0);
    };
    // Not a row: too short, or no IntendedVsync where the header put it (found by fuzz_agent_output).
    const auto vsyncAt = static_cast<size_t>(index[kIntendedVsync]);
    if (cells.size() < 3 || vsyncAt >= cells.size() || !parseInt(cells[vsyncAt])) return;
    FrameTiming f;
    f.flags = static_cast<uint64_t>(cell(kFlags));
    f.intendedVsync = cell(kIntendedVsync);
    f.vsync = cell(kVsync);
    f.handleInputStart = cell(kHandleInputStart);
    f.animationStart = cell(kAnimationStart);
    f.performTraversalsStart = cell(kPerformTraversalsStart);
    f.drawStart = cell(kDrawStart);
    f.syncQueued = cell(kSyncQueued);
    f.syncStart = cell(kSyncStart);
    f.issueDrawCommandsStart = cell(kIssueDrawCommandsStart);
    f.swapBuffers = cell(kSwapBuffers);
    f.frameCompleted = cell(kFrameCompleted);
    f.gpuCompleted = cell(kGpuCompleted);
    // Android 12 labels FrameInterval and FrameStartTime the wrong way round: use whichever
    // value has the size of a vsync period.
    const int64_t a = cell(kFrameInterval), b = cell(kFrameStartTime);
    f.frameIntervalNs = isPeriod(a) ? a : (isPeriod(b) ? b : 0);
    windows.back().frames.push_back(f);
  });
  return windows;
}

std::string sceneOfWindow(std::string_view window) {
  const size_t slash = window.find('/');
  if (slash == std::string_view::npos || slash == 0) return std::string(window);
  const std::string_view pkg = window.substr(0, slash);
  const std::string_view cls = window.substr(slash + 1);
  if (cls.starts_with('.')) return std::string(pkg) + std::string(cls);
  return std::string(cls);
}

}  // namespace mxi::agent
