#include "core/trace/framestats_parser.h"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <optional>

#include "core/trace/text_lines.h"

namespace mxi::core::trace {
namespace {

// A vsync period is between 1 ms (1000 Hz) and 200 ms (5 Hz); timestamps are far larger.
bool looksLikePeriod(int64_t v) { return v >= 1'000'000 && v <= 200'000'000; }


struct Columns {
  int flags = -1, intendedVsync = -1, handleInput = -1, animation = -1, traversals = -1, drawStart = -1,
      syncQueued = -1, issueDraw = -1, frameCompleted = -1;
  std::vector<int> periodCandidates;  // FrameInterval, FrameStartTime
  size_t count = 0;
};

Columns mapHeader(std::string_view header) {
  Columns c;
  int index = 0;
  size_t pos = 0;
  while (pos <= header.size()) {
    size_t comma = header.find(',', pos);
    if (comma == std::string_view::npos) comma = header.size();
    const std::string_view name = trimSpaces(header.substr(pos, comma - pos));
    if (!name.empty()) {
      if (name == "Flags") c.flags = index;
      else if (name == "IntendedVsync") c.intendedVsync = index;
      else if (name == "HandleInputStart") c.handleInput = index;
      else if (name == "AnimationStart") c.animation = index;
      else if (name == "PerformTraversalsStart") c.traversals = index;
      else if (name == "DrawStart") c.drawStart = index;
      else if (name == "SyncQueued") c.syncQueued = index;
      else if (name == "IssueDrawCommandsStart") c.issueDraw = index;
      else if (name == "FrameCompleted") c.frameCompleted = index;
      else if (name == "FrameInterval" || name == "FrameStartTime") c.periodCandidates.push_back(index);
      ++index;
    }
    pos = comma + 1;
  }
  c.count = static_cast<size_t>(index);
  return c;
}

bool splitRow(std::string_view row, std::vector<int64_t>& values) {
  values.clear();
  size_t pos = 0;
  while (pos < row.size()) {
    size_t comma = row.find(',', pos);
    if (comma == std::string_view::npos) comma = row.size();
    const std::string_view cell = trimSpaces(row.substr(pos, comma - pos));
    int64_t v = 0;
    const auto [end, ec] = std::from_chars(cell.data(), cell.data() + cell.size(), v);
    if (ec != std::errc() || end != cell.data() + cell.size()) return false;
    values.push_back(v);
    pos = comma + 1;
  }
  return true;
}

// Splits FrameCompleted - IntendedVsync into stages at the pipeline's stamps. A missing (0) or
// out-of-order stamp gives its stage zero time, so the stages always sum to the duration.
void fillStages(Frame& f, const Columns& c, const std::vector<int64_t>& v) {
  const int64_t begin = v[static_cast<size_t>(c.intendedVsync)];
  const int64_t end = begin + f.durationNs;
  const int cuts[] = {c.handleInput, c.animation, c.traversals, c.drawStart, c.syncQueued, c.issueDraw};
  int64_t previous = begin;
  for (size_t i = 0; i < std::size(cuts); ++i) {
    int64_t stamp = cuts[i] >= 0 ? v[static_cast<size_t>(cuts[i])] : previous;
    stamp = std::clamp(stamp <= 0 ? previous : stamp, previous, end);
    f.stageNs[i] = stamp - previous;
    previous = stamp;
  }
  f.stageNs[kFrameStageCount - 1] = end - previous;
}

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
  auto capture = std::make_shared<FramestatsCapture>();
  TextLines lines(text);
  std::string_view line;
  std::string process, window;
  int64_t pid = -1;
  bool inBlock = false;
  std::optional<Columns> columns;
  std::vector<int64_t> values;
  FramestatsWindow* current = nullptr;
  auto problem = [&](std::string message) {
    capture->problems.push_back({lines.lineNumber(), lines.lineOffset(), std::move(message)});
  };
  while (lines.next(line)) {
    const std::string_view t = trimSpaces(line);
    if (t.starts_with("** Graphics info for pid ")) {
      const std::string_view rest = t.substr(25);
      int64_t p = -1;
      std::from_chars(rest.data(), rest.data() + rest.size(), p);
      pid = p;
      const size_t open = rest.find('['), close = rest.rfind(']');
      process = open != std::string_view::npos && close != std::string_view::npos && close > open
                    ? std::string(rest.substr(open + 1, close - open - 1))
                    : std::string();
      window.clear();
      continue;
    }
    if (!inBlock && t.starts_with("Window: ")) {
      window = std::string(t.substr(8));
      continue;
    }
    if (t == "---PROFILEDATA---") {
      inBlock = !inBlock;
      if (inBlock) {
        FramestatsWindow w;
        w.process = process;
        w.pid = pid;
        w.name = window.empty() ? process : window;
        capture->windows.push_back(std::move(w));
        current = &capture->windows.back();
        columns.reset();
      } else if (current) {
        current->refreshPeriodNs = current->frames.empty() ? 0 : medianPeriod(current->frames);
        window.clear();
        current = nullptr;
      }
      continue;
    }
    if (!inBlock || t.empty()) continue;
    if (t.starts_with("Flags,")) {
      columns = mapHeader(t);
      current->headerOffset = lines.lineOffset();
      if (columns->intendedVsync < 0 || columns->frameCompleted < 0 || columns->flags < 0) {
        problem("framestats header lacks Flags, IntendedVsync or FrameCompleted");
        columns.reset();
      }
      continue;
    }
    if (!columns) {
      problem("framestats row before a usable column header");
      continue;
    }
    if (!splitRow(t, values)) {
      problem("framestats row has a non-numeric cell");
      continue;
    }
    if (values.size() < columns->count) {
      problem("framestats row has " + std::to_string(values.size()) + " cells, header has " +
              std::to_string(columns->count));
      continue;
    }
    Frame f;
    f.flags = static_cast<uint32_t>(values[static_cast<size_t>(columns->flags)]);
    f.startNs = values[static_cast<size_t>(columns->intendedVsync)];
    const int64_t completed = values[static_cast<size_t>(columns->frameCompleted)];
    // Implausible rows are skipped, except flagged rows, kept (with zero duration) only to be counted.
    const bool sane = plausibleFrameTimes(f.startNs, completed);
    if (!sane && f.flags == 0) {
      problem(completed < f.startNs ? "framestats row has FrameCompleted before IntendedVsync"
                                    : "framestats row has an implausible duration (over 60 s)");
      continue;
    }
    f.durationNs = sane ? completed - f.startNs : 0;
    f.refreshPeriodNs = 0;
    for (int candidate : columns->periodCandidates) {
      const int64_t v = values[static_cast<size_t>(candidate)];
      if (looksLikePeriod(v)) {
        f.refreshPeriodNs = v;
        break;
      }
    }
    current->periodSource = f.refreshPeriodNs ? "data" : "option";
    if (!f.refreshPeriodNs) f.refreshPeriodNs = fallbackPeriod;
    fillStages(f, *columns, values);
    current->frames.push_back(f);
  }
  if (capture->windows.empty()) {
    return invalidInput(
        "no framestats data (no ---PROFILEDATA--- section); capture it with "
        "`adb shell dumpsys gfxinfo <package> framestats`",
        0);
  }
  if (inBlock) {
    capture->problems.push_back({lines.lineNumber(), text.size(), "last ---PROFILEDATA--- block is not closed"});
    if (current) current->refreshPeriodNs = medianPeriod(current->frames);
  }
  return std::shared_ptr<const FramestatsCapture>(std::move(capture));
}

}  // namespace mxi::core::trace
