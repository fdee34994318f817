// The synthetic demo app's frames (no reference captures): row i of its framestats, as vsync
// indexes from the timeline's origin. Like a real app, a frame that takes k vsync periods makes
// the next one start k vsyncs later, so the frames a second holds are the FPS Matrix computes
// (refresh rate × frames / (frames + dropped)). Every 40th frame janks, cycling through drops
// that reach every level from Best to Frozen; the others take half to 5/6 of a period.
// Shared by the simulated dumpsys and the tests that check what arrived.
#pragma once

#include <algorithm>
#include <array>
#include <cstdint>
#include <vector>

namespace mxi::sim {

class SyntheticFrames {
 public:
  static constexpr int64_t kJankEvery = 40;
  // Dropped frames of the successive janks: Best 1-2, Normal 3-7, Middle 12-16, High 28, Frozen 50.
  static constexpr std::array<int64_t, 12> kJankDrops = {2, 5, 1, 12, 3, 7, 28, 4, 1, 16, 2, 50};

  // Vsync periods frame `row` takes on screen (dropped + 1).
  static int64_t periodsOf(int64_t row) {
    if (row % kJankEvery != kJankEvery - 1) return 1;
    return 1 + kJankDrops[static_cast<size_t>((row / kJankEvery) % static_cast<int64_t>(kJankDrops.size()))];
  }
  // Its duration (IntendedVsync to FrameCompleted) with a period of `periodNs`.
  static int64_t durationNs(int64_t row, int64_t periodNs) {
    const int64_t periods = periodsOf(row);
    return periods == 1 ? periodNs / 2 + (row * 131) % (periodNs / 3) : periods * periodNs - periodNs / 8;
  }

  // The vsync index at which `row` starts.
  int64_t vsyncOf(int64_t row) {
    while (static_cast<int64_t>(m_starts.size()) <= row)
      m_starts.push_back(m_starts.back() + periodsOf(static_cast<int64_t>(m_starts.size()) - 1));
    return m_starts[static_cast<size_t>(row)];
  }
  // How many rows start at or before vsync index `vsync` (0 when it is negative).
  int64_t rowsBy(int64_t vsync) {
    if (vsync < 0) return 0;
    while (m_starts.back() <= vsync) vsyncOf(static_cast<int64_t>(m_starts.size()));
    return std::upper_bound(m_starts.begin(), m_starts.end(), vsync) - m_starts.begin();
  }
  // The row starting at `vsync`, or -1 when none does.
  int64_t rowAt(int64_t vsync) {
    const int64_t row = rowsBy(vsync) - 1;
    return row >= 0 && vsyncOf(row) == vsync ? row : -1;
  }

 private:
  std::vector<int64_t> m_starts{0};
};

}  // namespace mxi::sim
