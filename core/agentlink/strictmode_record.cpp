#include "core/agentlink/strictmode_record.h"

#include "core/agentlink/issue_record.h"
#include "core/strictmode/strictmode_report.h"

namespace mxi::core::agentlink {

std::vector<std::string> strictModeRecordsJson(const protocol::StrictModeReport& report, const std::string& package) {
  std::vector<std::string> out;
  for (const protocol::MatrixIssue& issue : strictmode::reportToIssues(report, package)) {
    out.push_back(issueRecordJson(issue));
  }
  return out;
}

}  // namespace mxi::core::agentlink
