#include "device-agent/src/framestats_parser.h"

namespace mxi::agent {

std::vector<WindowFrames> parseFramestats(std::string_view text) {
  std::vector<WindowFrames> windows;
  for (auto& block : core::framestats::parseFramestatsText(text).blocks) {
    WindowFrames w{std::move(block.window), {}};
    w.frames.reserve(block.rows.size());
    for (const auto& row : block.rows) w.frames.push_back(row.timing);
    windows.push_back(std::move(w));
  }
  return windows;
}

}  // namespace mxi::agent
