#include "app/gui/models/session/session_replay.h"

#include <vector>

namespace mxi::gui {

void replaySession(const core::session::SessionData& data, int64_t untilNs, core::live::LiveSession& into) {
  const int64_t origin = data.firstTimeNs;
  // Consecutive frames of one scene go in as one batch.
  std::vector<core::framestats::Frame> batch;
  uint32_t batchScene = UINT32_MAX;
  auto flush = [&] {
    if (!batch.empty()) into.addFrames(data.scenes[batchScene], batch);
    batch.clear();
  };
  for (const auto& f : data.frames) {
    if (f.frame.startNs > untilNs) continue;
    if (f.scene != batchScene) {
      flush();
      batchScene = f.scene;
    }
    batch.push_back(f.frame);
  }
  flush();
  auto ms = [origin](int64_t ns) { return (ns - origin) / 1'000'000; };
  for (const auto& issue : data.issues) {
    if (issue.timeNs <= untilNs) into.addIssue(issue.issue, ms(issue.timeNs));
  }
  for (const auto& anr : data.anrs) {
    if (anr.timeNs > untilNs) continue;
    if (anr.report) {
      into.addAnr(anr.report, ms(anr.timeNs));
    } else {
      into.addMark("ANR report that did not parse: " + anr.error, ms(anr.timeNs));
    }
  }
  for (const auto& mark : data.marks) {
    if (mark.timeNs <= untilNs) into.addMark(mark.text, ms(mark.timeNs));
  }
  for (const auto& dump : data.heapDumps) {
    if (dump.timeNs <= untilNs) into.addHeapDump("Heap dump " + dump.text, ms(dump.timeNs));
  }
  for (const auto& sample : data.memory) {
    if (sample.timeNs <= untilNs) into.addMemory(sample, ms(sample.timeNs));
  }
  for (const auto& gap : data.frameGaps) {
    if (gap.timeNs <= untilNs) into.addMark("Frames lost: " + core::session::describeFrameGap(gap), ms(gap.timeNs));
  }
}

}  // namespace mxi::gui
