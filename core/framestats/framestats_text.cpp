#include "core/framestats/framestats_text.h"

#include <array>

#include "core/base/text_lines.h"

namespace mxi::core::framestats {

namespace {

enum Col : int {
  kFlags,
  kIntendedVsync,
  kVsync,
  kHandleInputStart,
  kAnimationStart,
  kPerformTraversalsStart,
  kDrawStart,
  kSyncQueued,
  kSyncStart,
  kIssueDrawCommandsStart,
  kSwapBuffers,
  kFrameCompleted,
  kGpuCompleted,
  kFrameInterval,
  kFrameStartTime,
  kColCount
};
constexpr std::array<std::string_view, kColCount> kNames = {
    "Flags",          "IntendedVsync",          "Vsync",         "HandleInputStart",
    "AnimationStart", "PerformTraversalsStart", "DrawStart",     "SyncQueued",
    "SyncStart",      "IssueDrawCommandsStart", "SwapBuffers",   "FrameCompleted",
    "GpuCompleted",   "FrameInterval",          "FrameStartTime"};

struct Header {
  std::array<int, kColCount> index{};
  size_t cells = 0;
  bool usable = false;  // has Flags, IntendedVsync and FrameCompleted
};

// Cells of a comma-separated line, trimmed; every line ends with ',' (no empty last cell).
std::vector<std::string_view> splitCells(std::string_view line) {
  std::vector<std::string_view> out;
  size_t pos = 0;
  while (pos < line.size()) {
    size_t comma = line.find(',', pos);
    if (comma == std::string_view::npos) comma = line.size();
    out.push_back(text::trim(line.substr(pos, comma - pos)));
    pos = comma + 1;
  }
  if (!out.empty() && out.back().empty()) out.pop_back();
  return out;
}

Header mapHeader(const std::vector<std::string_view>& cells) {
  Header h;
  h.index.fill(-1);
  for (size_t i = 0; i < cells.size(); ++i) {
    for (size_t c = 0; c < kColCount; ++c) {
      if (cells[i] == kNames[c]) h.index[c] = static_cast<int>(i);
    }
  }
  h.cells = cells.size();
  h.usable = h.index[kFlags] >= 0 && h.index[kIntendedVsync] >= 0 && h.index[kFrameCompleted] >= 0;
  return h;
}

std::string windowOfViewRoot(std::string_view line) {
  // "\tpkg/pkg.Main/android.view.ViewRootImpl@73f2e63 (visibility=0)"
  line = text::trim(line);
  const size_t at = line.find("/android.view.ViewRootImpl@");
  return std::string(at == std::string_view::npos ? std::string_view() : line.substr(0, at));
}

}  // namespace

FramestatsText parseFramestatsText(std::string_view input) {
  FramestatsText out;
  text::TextLines lines(input);
  std::string_view raw;
  std::string process, window;
  int64_t pid = -1;
  FramestatsBlock* block = nullptr;  // the open block
  Header header;
  std::vector<int64_t> values;
  auto problem = [&](std::string message) {
    out.problems.push_back({lines.lineNumber(), lines.lineOffset(), std::move(message)});
  };
  while (lines.next(raw)) {
    const std::string_view t = text::trim(raw);
    if (t == "---PROFILEDATA---") {
      if (block) {
        block->closed = true;
        block = nullptr;
        window.clear();
      } else {
        out.blocks.push_back({process, pid, window, 0, {}, false});
        block = &out.blocks.back();
        header = {};
      }
      continue;
    }
    if (!block) {
      if (t.starts_with("** Graphics info for pid ")) {
        const std::string_view rest = t.substr(25);
        pid = text::parseInt(rest.substr(0, rest.find(' '))).value_or(-1);
        const size_t open = rest.find('['), close = rest.rfind(']');
        process = open != std::string_view::npos && close != std::string_view::npos && close > open
                      ? std::string(rest.substr(open + 1, close - open - 1))
                      : std::string();
        window.clear();
      } else if (t.starts_with("Window: ")) {
        window = std::string(text::trim(t.substr(8)));
      } else if (t.find("/android.view.ViewRootImpl@") != std::string_view::npos) {
        window = windowOfViewRoot(t);
      }
      continue;
    }
    if (t.empty()) continue;
    const std::vector<std::string_view> cells = splitCells(t);
    if (t.starts_with("Flags,")) {
      header = mapHeader(cells);
      block->headerOffset = lines.lineOffset();
      if (!header.usable) problem("framestats header lacks Flags, IntendedVsync or FrameCompleted");
      continue;
    }
    if (!header.usable) {
      problem("framestats row before a usable column header");
      continue;
    }
    values.clear();
    bool numeric = true;
    for (std::string_view cell : cells) {
      const auto v = text::parseInt(cell);
      numeric = numeric && v.has_value();
      values.push_back(v.value_or(0));
    }
    if (!numeric) {
      problem("framestats row has a non-numeric cell");
      continue;
    }
    if (values.size() < header.cells) {
      problem("framestats row has " + std::to_string(values.size()) + " cells, header has " +
              std::to_string(header.cells));
      continue;
    }
    auto cell = [&](int c) -> int64_t {
      const int i = header.index[static_cast<size_t>(c)];
      return i < 0 ? 0 : values[static_cast<size_t>(i)];
    };
    protocol::FrameTiming f;
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
    const int64_t a = cell(kFrameInterval), b = cell(kFrameStartTime);
    f.frameIntervalNs = looksLikeVsyncPeriod(a) ? a : (looksLikeVsyncPeriod(b) ? b : 0);
    block->rows.push_back({f, lines.lineNumber(), lines.lineOffset()});
  }
  out.lines = lines.lineNumber();
  return out;
}

std::string sceneOfWindow(std::string_view window) {
  const size_t slash = window.find('/');
  if (slash == std::string_view::npos || slash == 0) return std::string(window);
  const std::string_view pkg = window.substr(0, slash);
  const std::string_view cls = window.substr(slash + 1);
  if (cls.starts_with('.')) return std::string(pkg) + std::string(cls);
  return std::string(cls);
}

}  // namespace mxi::core::framestats
