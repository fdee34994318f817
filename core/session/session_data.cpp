#include "core/session/session_data.h"

#include <algorithm>
#include <map>
#include <optional>

#include "core/session/session_span.h"

namespace mxi::core::session {

std::vector<framestats::Frame> SessionData::framesOfScene(uint32_t scene) const {
  std::vector<framestats::Frame> out;
  for (const SessionFrame& f : frames) {
    if (f.scene == scene) out.push_back(f.frame);
  }
  return out;
}

StatusOr<std::shared_ptr<const SessionData>> loadSession(const SessionReader& reader, ProgressSink& progress,
                                                         const CancelToken& cancel,
                                                         const matrix::MethodMapping* mapping) {
  auto data = std::make_shared<SessionData>();
  data->header = reader.header();
  data->scenes.push_back(kNoScene);
  std::map<std::string, uint32_t> sceneIds{{kNoScene, 0}};
  uint32_t scene = 0;
  bool first = true;
  std::optional<std::pair<int64_t, int64_t>> frameSpan;
  const size_t blocks = reader.blocks().size();
  for (size_t b = 0; b < blocks; ++b) {
    if (cancel.isCancelled()) return cancelled();
    if (!progress.report("reading session", static_cast<int>(ProgressSink::kMax * b / std::max<size_t>(blocks, 1)))) {
      return cancelled();
    }
    auto read = reader.readBlock(b, &data->unknownRecords);
    if (!read.ok()) {
      // A damaged block: its records are lost and reader.recovery() names it; read around it.
      if (read.status().code() != StatusCode::kInvalidInput) return read.status();
      continue;
    }
    std::vector<SessionRecord> records = std::move(read).value();
    // The scene in force at a block's start is in its summary. For an intact file it repeats what
    // the records said; after a damaged block (its scene changes lost) it is the only source.
    const std::string& initial = reader.blocks()[b].summary.initialScene;
    if (initial != (scene == 0 ? std::string() : data->scenes[scene])) {
      auto [it, inserted] =
          sceneIds.try_emplace(initial.empty() ? kNoScene : initial, static_cast<uint32_t>(data->scenes.size()));
      if (inserted) data->scenes.push_back(initial);
      scene = it->second;
    }
    for (SessionRecord& r : records) {
      const int64_t end = recordEndNs(r);
      if (first || r.timeNs < data->firstTimeNs) data->firstTimeNs = r.timeNs;
      if (first || end > data->lastTimeNs) data->lastTimeNs = end;
      first = false;
      if (anchorsTheClock(r.type)) {
        frameSpan = frameSpan ? std::make_pair(std::min(frameSpan->first, r.timeNs), std::max(frameSpan->second, end))
                              : std::make_pair(r.timeNs, end);
      }
      switch (r.type) {
        case RecordType::kFrame: data->frames.push_back({r.frame, scene}); break;
        case RecordType::kScene: {
          auto [it, inserted] = sceneIds.try_emplace(r.text, static_cast<uint32_t>(data->scenes.size()));
          if (inserted) data->scenes.push_back(r.text);
          scene = it->second;
          data->sceneChanges.push_back({r.timeNs, scene});
          break;
        }
        case RecordType::kIssue: {
          auto issue = matrix::parseIssueJson(r.text);
          if (!issue.ok()) {
            data->problems.push_back(
                {0, 0, "stored issue at " + std::to_string(r.timeNs) + " ns: " + issue.status().toString()});
            break;
          }
          data->issues.push_back({r.timeNs, std::move(issue).value()});
          break;
        }
        case RecordType::kAnr: {
          SessionAnr anr;
          anr.timeNs = r.timeNs;
          auto report = anr::parseAnrTrace(r.text);
          if (report.ok()) {
            anr.report = std::move(report).value();
          } else {
            anr.error = report.status().toString();
          }
          anr.text = std::move(r.text);
          data->anrs.push_back(std::move(anr));
          break;
        }
        case RecordType::kMark: data->marks.push_back({r.timeNs, std::move(r.text), {}}); break;
        case RecordType::kHeapDump:
          data->heapDumps.push_back({r.timeNs, std::move(r.text), std::move(r.detail)});
          break;
        case RecordType::kFrameGap: data->frameGaps.push_back(frameGapOf(r)); break;
        case RecordType::kMemory: data->memory.push_back(r.memory); break;
        case RecordType::kSqlOperation: data->sqlOperations.push_back(r.sql); break;
        case RecordType::kStartupRun: data->startupRuns.push_back({r.timeNs, std::move(r.text), {}}); break;
      }
    }
  }
  // Build call trees so compare and exports see evil methods the same way `mxi parse` does.
  matrix::IssueParseResult parsed;
  parsed.issues.reserve(data->issues.size());
  for (auto& i : data->issues) parsed.issues.push_back(std::move(i.issue));
  matrix::decodeIssues(parsed, mapping);
  for (size_t i = 0; i < data->issues.size(); ++i) data->issues[i].issue = std::move(parsed.issues[i]);
  for (auto& p : parsed.problems) data->problems.push_back(std::move(p));
  progress.report("reading session", ProgressSink::kMax);
  data->recovery = reader.recovery();  // after reading: a damaged payload shows when it is read
  const SessionSpan span = judgeSessionSpan({data->firstTimeNs, data->lastTimeNs}, frameSpan);
  data->firstTimeNs = span.firstNs;
  data->lastTimeNs = span.lastNs;
  data->offClockNs = span.offClockNs;
  return std::shared_ptr<const SessionData>(std::move(data));
}

}  // namespace mxi::core::session
