#include "core/framestats/framestats_parser.h"

#include <algorithm>
#include <cmath>

#include "core/framestats/framestats_text.h"

namespace mxi::core::framestats {
namespace {

int64_t medianPeriod(const std::vector<Frame>& frames) {
  std::vector<int64_t> periods;
  periods.reserve(frames.size());
  for (const Frame& f : frames) periods.push_back(f.refreshPeriodNs);
  if (periods.empty()) return 0;
  std::nth_element(periods.begin(), periods.begin() + static_cast<long>(periods.size() / 2), periods.end());
  return periods[periods.size() / 2];
}

}  // namespace

StatusOr<std::shared_ptr<const FramestatsCapture>> parseFramestats(std::string_view text,
                                                                   const FramestatsOptions& options) {
  if (!(options.fallbackRefreshHz > 0 && options.fallbackRefreshHz <= 1000)) {
    return invalidInput("refresh rate must be in (0, 1000] Hz");
  }
  const auto fallbackPeriod = static_cast<int64_t>(std::llround(1e9 / options.fallbackRefreshHz));
  const FramestatsText parsed = parseFramestatsText(text);
  if (parsed.blocks.empty()) {
    return invalidInput(
        "no framestats data (no ---PROFILEDATA--- section); capture it with "
        "`adb shell dumpsys gfxinfo <package> framestats`",
        0);
  }
  auto capture = std::make_shared<FramestatsCapture>();
  for (const auto& p : parsed.problems) capture->problems.push_back({p.line, p.offset, p.message});
  for (const FramestatsBlock& block : parsed.blocks) {
    FramestatsWindow w;
    w.process = block.process;
    w.pid = block.pid;
    w.name = block.window.empty() ? block.process : block.window;
    w.headerOffset = block.headerOffset;
    for (const FramestatsRow& row : block.rows) {
      const protocol::FrameTiming& t = row.timing;
      // Implausible rows are skipped, except flagged rows, kept (with zero duration) only to be counted.
      if (!plausibleFrameTimes(t.intendedVsync, t.frameCompleted) && t.flags == 0) {
        capture->problems.push_back({row.line, row.offset,
                                     t.frameCompleted < t.intendedVsync
                                         ? "framestats row has FrameCompleted before IntendedVsync"
                                         : "framestats row has an implausible duration (over 60 s)"});
        continue;
      }
      w.periodSource = t.frameIntervalNs ? "data" : "option";
      w.frames.push_back(frameFromTiming(t, fallbackPeriod));
    }
    w.refreshPeriodNs = medianPeriod(w.frames);
    capture->windows.push_back(std::move(w));
  }
  if (!parsed.blocks.back().closed) {
    capture->problems.push_back({parsed.lines, text.size(), "last ---PROFILEDATA--- block is not closed"});
  }
  // Problems in file order (the text parser's and the frame checks interleave).
  std::stable_sort(capture->problems.begin(), capture->problems.end(),
                   [](const ParseProblem& a, const ParseProblem& b) { return a.offset < b.offset; });
  return std::shared_ptr<const FramestatsCapture>(std::move(capture));
}

}  // namespace mxi::core::framestats
