#include "core/agentlink/issue_record.h"

#include "core/json/json_writer.h"

namespace mxi::core::agentlink {

std::string issueRecordJson(const protocol::MatrixIssue& issue, const nlohmann::json* content) {
  nlohmann::json j;
  j["tag"] = issue.tag;
  j["type"] = issue.type;
  j["key"] = issue.key;
  j["pid"] = issue.pid;
  j["logTimeMs"] = issue.logTimeMs;
  j["truncated"] = issue.truncated;
  if (content != nullptr) {
    j["content"] = *content;
  } else {
    nlohmann::json logged = nlohmann::json::parse(issue.contentJson, nullptr, false);
    j["content"] = logged.is_discarded() ? nlohmann::json(issue.contentJson) : logged;
  }
  return json::dumpJson(j);
}

}  // namespace mxi::core::agentlink
