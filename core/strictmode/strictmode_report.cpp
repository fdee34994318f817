#include "core/strictmode/strictmode_report.h"

#include "core/strictmode/strictmode_issues.h"
#include "core/strictmode/strictmode_text.h"

namespace mxi::core::strictmode {

std::vector<protocol::MatrixIssue> reportToIssues(const protocol::StrictModeReport& report,
                                                  const std::string& package) {
  std::vector<protocol::MatrixIssue> out;
  StrictModeParseResult parsed = parseStrictModeText(report.text);
  for (StrictModeViolation& v : parsed.violations) {
    // The agent's parser saw the whole stream: what it found cut stays cut, even where the text
    // alone (ending at the report's last line) would read as whole.
    v.truncated = v.truncated || report.truncated;
    if (!v.pid && report.pid != 0) v.pid = report.pid;
    if (!v.tid && report.tid != 0) v.tid = report.tid;
    const std::optional<matrix::MatrixIssue> issue = violationToIssue(v, {{}, package});
    if (!issue) continue;
    protocol::MatrixIssue wire;
    wire.logTimeMs = report.logTimeMs;
    wire.pid = report.pid != 0 ? report.pid : static_cast<int32_t>(v.pid.value_or(0));
    wire.logTag = "StrictMode";
    wire.tag = issue->tag;
    wire.type = issue->type;
    wire.key = issue->key;
    wire.contentJson = issue->contentJson;
    out.push_back(std::move(wire));
  }
  return out;
}

}  // namespace mxi::core::strictmode
