// The checkers that read only the schema: AvoidAutoIncrement, WithoutRowIdBetter, RedundantIndex.
#include <algorithm>

#include "core/sqlitelint/checkers.h"
#include "core/sqlitelint/sql_tokens.h"

namespace mxi::core::sqlitelint {

namespace {

LintIssue tableIssue(const LintContext& ctx, const char* checker, IssueType type, IssueLevel level,
                     const std::string& table, const std::string& identity) {
  LintIssue issue;
  issue.id = issueId(ctx.dbPath, checker, identity);
  issue.dbPath = ctx.dbPath;
  issue.createTime = ctx.nowMs;
  issue.level = level;
  issue.type = type;
  issue.table = table;
  issue.checker = checker;
  return issue;
}

std::string columnList(const IndexInfo& index) {
  std::string out;
  for (size_t i = 0; i < index.columnNames.size(); ++i) out += (i ? "," : "") + index.columnNames[i];
  return out;
}

bool isAutoIndex(const IndexInfo& index) { return index.name.rfind("sqlite_autoindex_", 0) == 0; }

// One main index and the indexes it makes redundant (Matrix's RedundantIndexGroup).
struct IndexGroup {
  IndexInfo main;
  bool mainLocked = false;  // the main index is a constraint's autoindex: it cannot be dropped
  std::vector<IndexInfo> redundant;

  bool tryAdd(const IndexInfo& candidate) {
    if (candidate.columnIds.size() > main.columnIds.size()) return false;
    size_t i = 0;
    while (i < candidate.columnIds.size() && candidate.columnIds[i] == main.columnIds[i]) ++i;
    if (i == main.columnIds.size()) {  // the same columns: keep an autoindex as the main one
      if (mainLocked || isAutoIndex(main)) {
        mainLocked = true;
        redundant.push_back(candidate);
      } else if (isAutoIndex(candidate)) {
        redundant.push_back(main);
        main = candidate;
        mainLocked = true;
      } else {
        redundant.push_back(candidate);
      }
      return true;
    }
    if (i == candidate.columnIds.size()) {  // a leading prefix of the main index
      redundant.push_back(candidate);
      return true;
    }
    return false;
  }
};

}  // namespace

void checkAutoIncrement(const std::vector<TableInfo>& tables, const LintContext& ctx, std::vector<LintIssue>& out) {
  for (const TableInfo& t : tables) {
    if (ctx.whitelist->contains(kAvoidAutoIncrementChecker, t.name)) continue;
    if (lowerAscii(t.createSql).find("autoincrement") == std::string::npos) continue;
    LintIssue issue =
        tableIssue(ctx, kAvoidAutoIncrementChecker, IssueType::kAvoidAutoIncrement, IssueLevel::kTips, t.name, t.name);
    issue.desc = "Table(" + t.name + ") has a column which is AutoIncrement. It's not really recommended.";
    issue.advice =
        "AUTOINCREMENT costs a write to sqlite_sequence on every insert; an INTEGER PRIMARY KEY "
        "alone already gives unique rowids.";
    out.push_back(std::move(issue));
  }
}

void checkWithoutRowIdBetter(const std::vector<TableInfo>& tables, const LintContext& ctx,
                             std::vector<LintIssue>& out) {
  for (const TableInfo& t : tables) {
    if (ctx.whitelist->contains(kWithoutRowIdBetterChecker, t.name)) continue;
    if (lowerAscii(t.createSql).find("without rowid") != std::string::npos) continue;
    int keyColumns = 0;
    bool integerKey = false;
    bool largeColumn = false;
    for (const ColumnInfo& c : t.columns) {
      if (c.primaryKey) {
        ++keyColumns;
        integerKey = integerKey || lowerAscii(c.type) == "integer";
      } else if (lowerAscii(c.type) == "text" || lowerAscii(c.type) == "blob") {
        largeColumn = true;  // Matrix stops counting here: rows may be large, no WITHOUT ROWID
        break;
      }
    }
    if (largeColumn || !((keyColumns == 1 && !integerKey) || keyColumns > 1)) continue;
    LintIssue issue =
        tableIssue(ctx, kWithoutRowIdBetterChecker, IssueType::kWithoutRowIdBetter, IssueLevel::kTips, t.name, t.name);
    issue.desc = "Table(" + t.name + ") can use \"Without Rowid\" feature to optimize.";
    issue.advice =
        "It is recommend to use \"Without Rowid\" feature in this table. "
        "But also you can run tests to see if the \"Without Rowid\" helps";
    out.push_back(std::move(issue));
  }
}

void checkRedundantIndexes(const std::vector<TableInfo>& tables, const LintContext& ctx, std::vector<LintIssue>& out) {
  for (const TableInfo& t : tables) {
    if (ctx.whitelist->contains(kRedundantIndexChecker, t.name) || t.indexes.empty()) continue;
    std::vector<IndexInfo> rest = t.indexes;
    // Widest first; among equals the later-created (higher seq) first, as Matrix sorts them.
    std::sort(rest.begin(), rest.end(), [](const IndexInfo& a, const IndexInfo& b) {
      if (a.columnIds.size() != b.columnIds.size()) return a.columnIds.size() > b.columnIds.size();
      return a.seq > b.seq;
    });
    while (!rest.empty()) {
      IndexGroup group{rest.front(), false, {}};
      std::vector<IndexInfo> ungrouped;
      for (size_t i = 1; i < rest.size(); ++i) {
        if (!group.tryAdd(rest[i])) ungrouped.push_back(rest[i]);
      }
      rest = std::move(ungrouped);
      if (group.redundant.empty()) continue;
      std::string redundantText;
      for (const IndexInfo& r : group.redundant) redundantText += r.name + "(" + columnList(r) + ")";
      LintIssue issue = tableIssue(ctx, kRedundantIndexChecker, IssueType::kRedundantIndex, IssueLevel::kSuggestion,
                                   t.name, "[" + t.name + "]" + group.main.name + redundantText);
      issue.desc = "Table(" + t.name + ") found redundant indexes:" + group.main.name + "(" + columnList(group.main) +
                   ")\n" + redundantText;
      issue.advice = "You can keep index \"" + group.main.name + "\", and delete others.";
      out.push_back(std::move(issue));
    }
  }
}

}  // namespace mxi::core::sqlitelint
