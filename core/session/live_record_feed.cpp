#include "core/session/live_record_feed.h"

#include "core/anr/anr_trace.h"
#include "core/matrix/matrix_issue.h"
#include "core/session/session_data.h"

#include <algorithm>

namespace mxi::core::session {

int64_t LiveRecordFeed::msOf(int64_t timeNs) {
  if (timeNs <= 0) timeNs = m_newestNs;
  if (timeNs <= 0) return 0;
  if (!m_origin) {
    m_origin = timeNs;
    m_session.setStartNs(timeNs);
  }
  m_newestNs = std::max(m_newestNs, timeNs);
  return (timeNs - *m_origin) / 1'000'000;
}

void LiveRecordFeed::add(std::span<const SessionRecord> records) {
  std::vector<framestats::Frame> batch;
  auto flush = [&] {
    if (!batch.empty()) m_session.addFrames(m_scene.empty() ? kNoScene : m_scene, batch);
    batch.clear();
  };
  for (const SessionRecord& r : records) {
    if (r.type == RecordType::kFrame || r.type == RecordType::kScene) (void)msOf(r.timeNs);
    switch (r.type) {
      case RecordType::kFrame: batch.push_back(r.frame); break;
      case RecordType::kScene:
        flush();
        m_scene = r.text;
        break;
      case RecordType::kIssue: {
        auto issue = matrix::parseIssueJson(r.text);
        if (!issue.ok()) {
          m_session.addMark("Issue that did not parse: " + issue.status().toString(), msOf(r.timeNs));
          break;
        }
        matrix::IssueParseResult parsed;
        parsed.issues.push_back(std::move(issue).value());
        matrix::decodeIssues(parsed, m_mapping.get());
        m_session.addIssue(std::move(parsed.issues.front()), msOf(r.timeNs));
        break;
      }
      case RecordType::kAnr: {
        auto report = anr::parseAnrTrace(r.text);
        if (report.ok()) {
          m_session.addAnr(*report, msOf(r.timeNs));
        } else {
          m_session.addMark("ANR report that did not parse: " + report.status().toString(), msOf(r.timeNs));
        }
        break;
      }
      case RecordType::kMark: m_session.addMark(r.text, msOf(r.timeNs)); break;
      case RecordType::kHeapDump: m_session.addMark("Heap dump " + r.text, msOf(r.timeNs)); break;
      case RecordType::kFrameGap:
        m_session.addFrameGap("Frames lost: " + describeFrameGap(frameGapOf(r)), r.gapFrames, msOf(r.timeNs));
        break;
    }
  }
  flush();
}

}  // namespace mxi::core::session
