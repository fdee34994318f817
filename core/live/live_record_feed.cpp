#include "core/live/live_record_feed.h"

#include <algorithm>

#include "core/anr/anr_trace.h"
#include "core/matrix/matrix_issue.h"
#include "core/session/frame_gaps.h"
#include "core/session/session_data.h"

namespace mxi::core::live {

using session::RecordType;
using session::SessionRecord;

bool LiveRecordDecoder::setStartNs(int64_t startNs) {
  if (startNs <= 0 || m_origin) return false;
  m_origin = startNs;
  return true;
}

int64_t LiveRecordDecoder::msOf(int64_t timeNs, LiveBatch& out) {
  if (timeNs <= 0) timeNs = m_newestNs;
  if (timeNs <= 0) return 0;
  if (!m_origin) {
    m_origin = timeNs;
    out.updates.emplace_back(update::Start{timeNs});
  }
  m_newestNs = std::max(m_newestNs, timeNs);
  return (timeNs - *m_origin) / 1'000'000;
}

void LiveRecordDecoder::decode(std::span<const SessionRecord> records, LiveBatch& out) {
  out.records += records.size();
  for (const SessionRecord& r : records) {
    if (r.type == RecordType::kFrame || r.type == RecordType::kScene) (void)msOf(r.timeNs, out);
    switch (r.type) {
      case RecordType::kFrame: {
        const std::string& scene = m_scene.empty() ? std::string(session::kNoScene) : m_scene;
        auto* run = out.updates.empty() ? nullptr : std::get_if<update::Frames>(&out.updates.back());
        if (run == nullptr || run->scene != scene) {
          run = &std::get<update::Frames>(out.updates.emplace_back(update::Frames{scene, {}}));
        }
        run->frames.push_back(r.frame);
        break;
      }
      case RecordType::kScene: m_scene = r.text; break;
      case RecordType::kIssue: {
        auto issue = matrix::parseIssueJson(r.text);
        if (!issue.ok()) {
          const int64_t ms = msOf(r.timeNs, out);
          out.updates.emplace_back(update::Mark{"Issue that did not parse: " + issue.status().toString(), ms});
          break;
        }
        matrix::IssueParseResult parsed;
        parsed.issues.push_back(std::move(issue).value());
        matrix::decodeIssues(parsed, m_mapping.get());
        const int64_t ms = msOf(r.timeNs, out);
        out.updates.emplace_back(update::Issue{std::move(parsed.issues.front()), ms});
        break;
      }
      case RecordType::kAnr: {
        auto report = anr::parseAnrTrace(r.text);
        const int64_t ms = msOf(r.timeNs, out);
        if (report.ok()) {
          out.updates.emplace_back(update::Anr{*report, ms});
        } else {
          out.updates.emplace_back(update::Mark{"ANR report that did not parse: " + report.status().toString(), ms});
        }
        break;
      }
      case RecordType::kMark: {
        const int64_t ms = msOf(r.timeNs, out);
        out.updates.emplace_back(update::Mark{r.text, ms});
        break;
      }
      case RecordType::kHeapDump: {
        const int64_t ms = msOf(r.timeNs, out);
        out.updates.emplace_back(update::Mark{"Heap dump " + r.text, ms, true});
        break;
      }
      case RecordType::kFrameGap: {
        const int64_t ms = msOf(r.timeNs, out);
        out.updates.emplace_back(
            update::FrameGap{"Frames lost: " + session::describeFrameGap(session::frameGapOf(r)), r.gapFrames, ms});
        break;
      }
      case RecordType::kMemory: {
        const int64_t ms = msOf(r.timeNs, out);
        out.updates.emplace_back(update::Memory{r.memory, ms});
        break;
      }
      case RecordType::kSqlOperation: {
        const int64_t ms = msOf(r.timeNs, out);
        out.updates.emplace_back(update::SqlOperation{r.sql, ms});
        break;
      }
      case RecordType::kStartupRun: break;  // `mxi startup`'s runs: the Startup page shows them
    }
  }
}

void LiveRecordFeed::add(std::span<const SessionRecord> records) {
  LiveBatch batch;
  m_decoder.decode(records, batch);
  m_session.apply(std::move(batch));
}

}  // namespace mxi::core::live
