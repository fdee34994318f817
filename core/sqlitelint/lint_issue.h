// A SQLiteLint issue with Matrix's fields (slint.h `Issue`, Java `SQLiteLintIssue`) and type
// ids, plus what we add: the checker's name, the statement's shape and the plan rows behind it.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "core/sqlitelint/query_plan.h"

namespace mxi::core::sqlitelint {

// Matrix's IssueType numbering.
enum class IssueType : int {
  kExplainQueryScanTable = 1,
  kExplainQueryUseTempTree = 2,
  kExplainQueryTipsForLargerIndex = 3,
  kAvoidAutoIncrement = 4,
  kAvoidSelectAll = 5,
  kWithoutRowIdBetter = 6,
  kPreparedStatementBetter = 7,
  kRedundantIndex = 8,
};

// Matrix's IssueLevel numbering (SQLiteLintIssue.TIPS, SUGGESTION…).
enum class IssueLevel : int { kPass = 0, kTips = 1, kSuggestion = 2, kWarning = 3, kError = 4 };

// Matrix's CheckerName strings: the names the whitelist XML uses.
inline constexpr const char* kExplainQueryPlanChecker = "ExplainQueryPlanChecker";
inline constexpr const char* kAvoidAutoIncrementChecker = "AvoidAutoIncrementChecker";
inline constexpr const char* kAvoidSelectAllChecker = "AvoidSelectAllChecker";
inline constexpr const char* kWithoutRowIdBetterChecker = "WithoutRowIdBetterChecker";
inline constexpr const char* kPreparedStatementBetterChecker = "PreparedStatementBetterChecker";
inline constexpr const char* kRedundantIndexChecker = "RedundantIndexChecker";

struct LintIssue {
  // Matrix's fields.
  std::string id;
  std::string dbPath;
  IssueLevel level = IssueLevel::kTips;
  IssueType type = IssueType::kExplainQueryScanTable;
  std::string sql;
  std::string table;
  std::string desc;
  std::string detail;
  std::string advice;
  int64_t createTime = 0;   // ms since the epoch
  int64_t sqlTimeCost = 0;  // ms, as Matrix's `long`
  bool isInMainThread = false;
  std::string stack;  // Matrix's extInfo (the SDK puts the Java stack there); unknown here
  // Ours.
  std::string checker;
  std::string shape;
  std::vector<PlanRow> plan;
};

// Matrix's GenIssueId: the lower-case hex MD5 of "<db file name>_<checker>_<identity>", where
// the file name is the path after its last '/'. Equal ids dedupe with the SDK's issues.
std::string issueId(const std::string& dbPath, const std::string& checker, const std::string& identity);

// The lower-case hex MD5 of `text`.
std::string md5Hex(const std::string& text);

}  // namespace mxi::core::sqlitelint
