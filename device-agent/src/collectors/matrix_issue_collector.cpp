#include "device-agent/src/collectors/matrix_issue_collector.h"

#include "device-agent/src/agent_clocks.h"
#include "device-agent/src/collector_context.h"

namespace mxi::agent {

namespace proto = core::protocol;

bool MatrixIssueCollector::start(CollectorContext& context) {
  return (context.request().collectors & proto::kCollectMatrixIssues) != 0;
}

bool MatrixIssueCollector::logLine(std::string_view text, const LogLine& line, CollectorContext& context) {
  if (line.tag == "StrictMode" || text.find("tag[") == std::string_view::npos) return false;
  // Issues of this app only: the line's pid must be one of the package's processes.
  if (!context.isAppProcess(line.pid)) return true;
  if (auto issue = parseMatrixIssue(line)) {
    issue->monotonicNs = wallMsToMonotonicNs(issue->logTimeMs);
    context.send(*issue);
  }
  return true;
}

}  // namespace mxi::agent
