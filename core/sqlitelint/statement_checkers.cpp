// The checkers that read statements: ExplainQueryPlan, AvoidSelectAll, PreparedStatementBetter.
#include <algorithm>
#include <cmath>
#include <map>
#include <set>

#include "core/sqlitelint/checkers.h"
#include "core/sqlitelint/sql_tokens.h"

namespace mxi::core::sqlitelint {

namespace {

bool isSymbol(const SqlToken& t, const char* text) { return t.kind == SqlTokenKind::kSymbol && t.text == text; }
bool sameName(const std::string& a, const std::string& b) { return lowerAscii(a) == lowerAscii(b); }

// Where a table is read in a statement: whether its SELECT has a WHERE (or HAVING), which of
// the table's columns that clause names, and how many tables its FROM lists.
struct TableUse {
  bool found = false;
  bool hasWhere = false;
  int tablesInFrom = 0;
  std::vector<std::string> whereColumns;  // lower case, in order of first mention
};

TableUse findTableUse(const std::vector<SqlToken>& tokens, const TableInfo& table, const std::string& alias) {
  TableUse use;
  std::vector<int> depthAt(tokens.size());
  int depth = 0;
  for (size_t i = 0; i < tokens.size(); ++i) {
    if (isSymbol(tokens[i], ")")) --depth;
    depthAt[i] = depth;
    if (isSymbol(tokens[i], "(")) ++depth;
  }
  std::set<std::string> columns;
  for (const ColumnInfo& c : table.columns) columns.insert(lowerAscii(c.name));
  for (size_t at = 1; at < tokens.size(); ++at) {
    const SqlToken& before = tokens[at - 1];
    if (!tokens[at].isName() || !sameName(tokens[at].text, table.name)) continue;
    if (!(before.is("from") || before.is("join") || isSymbol(before, ","))) continue;
    use.found = true;
    const int d = depthAt[at];
    // Back to the FROM of this scope, then forward to its end: count tables, find WHERE.
    size_t from = at;
    while (from > 0 && !(depthAt[from] == d && tokens[from].is("from"))) --from;
    bool inFrom = true;
    bool inWhere = false;
    for (size_t i = from + 1; i < tokens.size() && depthAt[i] >= d; ++i) {
      const SqlToken& t = tokens[i];
      if (depthAt[i] == d) {
        if (t.is("union") || t.is("except") || t.is("intersect")) break;
        if (t.is("where") || t.is("having")) {
          inFrom = false;
          inWhere = true;
          use.hasWhere = true;
          continue;
        }
        if (t.is("group") || t.is("order") || t.is("limit") || t.is("window")) {
          inFrom = false;
          inWhere = false;
        }
        if (inFrom && t.isName() &&
            (tokens[i - 1].is("from") || tokens[i - 1].is("join") || isSymbol(tokens[i - 1], ","))) {
          ++use.tablesInFrom;
        }
      }
      if (!inWhere || !t.isName()) continue;
      if (i + 1 < tokens.size() && isSymbol(tokens[i + 1], "(")) continue;  // a function
      if (i + 1 < tokens.size() && isSymbol(tokens[i + 1], ".")) continue;  // a qualifier
      if (i >= 2 && isSymbol(tokens[i - 1], ".")) {
        const std::string& qualifier = tokens[i - 2].text;
        if (!sameName(qualifier, table.name) && !(alias.size() && sameName(qualifier, alias))) continue;
      }
      const std::string name = lowerAscii(t.text);
      if (columns.count(name) &&
          std::find(use.whereColumns.begin(), use.whereColumns.end(), name) == use.whereColumns.end()) {
        use.whereColumns.push_back(name);
      }
    }
    break;
  }
  return use;
}

const TableInfo* findTable(const std::vector<TableInfo>& tables, const std::string& name) {
  for (const TableInfo& t : tables) {
    if (sameName(t.name, name)) return &t;
  }
  return nullptr;
}

// The columns a SEARCH row's index covers for this lookup: the index's columns named in the
// row's constraints (Matrix: index elements found in the parenthesised text), or, for the rowid
// or an automatic index, every column the constraints name.
std::set<std::string> coveredColumns(const PlanStep& step, const TableInfo& table) {
  std::set<std::string> covered;
  const std::vector<SqlToken> constraintTokens = tokenizeSql(step.constraints);
  std::set<std::string> named;
  for (const SqlToken& t : constraintTokens) {
    if (t.isName()) named.insert(lowerAscii(t.text));
  }
  const IndexInfo* index = nullptr;
  for (const IndexInfo& i : table.indexes) {
    if (sameName(i.name, step.index)) index = &i;
  }
  if (!index) return named;
  for (const std::string& column : index->columnNames) {
    if (named.count(lowerAscii(column))) covered.insert(lowerAscii(column));
  }
  return covered;
}

const char* defectText(IssueType type) {
  switch (type) {
    case IssueType::kExplainQueryScanTable: return "\" did not use index lead to scan table.";
    case IssueType::kExplainQueryUseTempTree: return "\" use temp b-tree to sort, you can use index to optimize.";
    default: return "\" it's recommended to use multi-column combination index to optimize if poor performance found.";
  }
}

const char* adviceText(IssueType type) {
  switch (type) {
    case IssueType::kExplainQueryScanTable:
      return "Add an index on the columns the WHERE clause tests, so SQLite searches instead of reading every row.";
    case IssueType::kExplainQueryUseTempTree:
      return "Add an index whose columns match the ORDER BY / GROUP BY, so rows come out in order without a sort.";
    default: return "Consider a multi-column index covering every column the WHERE clause tests.";
  }
}

LintIssue statementIssue(const ShapedStatement& s, const LintContext& ctx, const char* checker, IssueType type,
                         IssueLevel level, const std::string& identity) {
  LintIssue issue;
  issue.id = issueId(ctx.dbPath, checker, identity);
  issue.dbPath = ctx.dbPath;
  issue.createTime = ctx.nowMs;
  issue.level = level;
  issue.type = type;
  issue.sql = s.sql;
  issue.sqlTimeCost = s.timeCostMs;
  issue.isInMainThread = s.mainThread;
  issue.checker = checker;
  issue.shape = s.shape;
  issue.plan = s.plan;
  return issue;
}

}  // namespace

std::string statementIdentity(const ShapedStatement& s) { return s.facts.hasLiterals ? s.shape : s.sql; }

void checkSelectAll(const ShapedStatement& s, const LintContext& ctx, std::vector<LintIssue>& out) {
  if (!s.facts.selectsAll) return;
  if (ctx.whitelist->contains(kAvoidSelectAllChecker, s.shape) ||
      ctx.whitelist->contains(kAvoidSelectAllChecker, s.sql)) {
    return;
  }
  LintIssue issue = statementIssue(s, ctx, kAvoidSelectAllChecker, IssueType::kAvoidSelectAll, IssueLevel::kTips,
                                   statementIdentity(s));
  issue.desc = "Found select * sql:" + s.sql;
  issue.advice = "It is recommended only select the required columns.";
  out.push_back(std::move(issue));
}

void checkQueryPlan(const ShapedStatement& s, const std::vector<TableInfo>& tables, const LintContext& ctx,
                    std::vector<LintIssue>& out) {
  if (!s.facts.isSelect) return;  // Matrix explains SELECTs only
  const Whitelist& wl = *ctx.whitelist;
  if (wl.contains(kExplainQueryPlanChecker, s.sql) || wl.contains(kExplainQueryPlanChecker, s.shape)) return;
  const std::vector<SqlToken> tokens = tokenizeSql(s.sql);
  std::vector<PlanStep> steps;
  for (const PlanRow& row : s.plan) steps.push_back(parsePlanDetail(row.detail));
  std::set<IssueType> raised;  // Matrix's id names the statement and the type: one issue each
  auto raise = [&](IssueType type, const std::string& table) {
    if (!raised.insert(type).second) return;
    const std::string identity =
        "EQP-Check[" + statementIdentity(s) + "][" + std::to_string(static_cast<int>(type)) + "]";
    LintIssue issue = statementIssue(
        s, ctx, kExplainQueryPlanChecker, type,
        type == IssueType::kExplainQueryTipsForLargerIndex ? IssueLevel::kTips : IssueLevel::kSuggestion, identity);
    issue.table = table;
    std::string rows;
    for (const PlanRow& row : s.plan) rows += row.detail + "\n";
    issue.desc = "The following sql can use index optimization:\n" + s.sql;
    issue.detail = "Query plan is as follows:\n" + rows + "\nAmong them, the sub query \"" + s.shape + defectText(type);
    issue.advice = adviceText(type);
    out.push_back(std::move(issue));
  };
  for (size_t r = 0; r < steps.size(); ++r) {
    const PlanStep& step = steps[r];
    if (step.kind == PlanStepKind::kTempTree) {
      // The table whose rows are sorted: the scan or search beside this row in its select.
      std::string table;
      for (size_t o = 0; o < steps.size() && table.empty(); ++o) {
        if (s.plan[o].parent == s.plan[r].parent && !steps[o].table.empty()) table = steps[o].table;
      }
      if (!table.empty() && wl.contains(kExplainQueryPlanChecker, table)) continue;
      raise(IssueType::kExplainQueryUseTempTree, table);
      continue;
    }
    if (step.table.empty() || step.virtualTable) continue;  // FTS MATCH and other modules index themselves
    if (wl.contains(kExplainQueryPlanChecker, step.table)) continue;
    const TableInfo* table = findTable(tables, step.table);
    if (!table) continue;  // a CTE or a view's result
    const TableUse use = findTableUse(tokens, *table, step.alias);
    if (!use.hasWhere) continue;
    if (step.kind == PlanStepKind::kScan) {
      // In a join only a table the WHERE tests is worth an index.
      if (use.tablesInFrom <= 1 || !use.whereColumns.empty()) raise(IssueType::kExplainQueryScanTable, table->name);
    } else if (step.kind == PlanStepKind::kSearch && !use.whereColumns.empty() && use.whereColumns.size() <= 3) {
      const std::set<std::string> covered = coveredColumns(step, *table);
      for (const std::string& column : use.whereColumns) {
        if (!covered.count(column)) {
          raise(IssueType::kExplainQueryTipsForLargerIndex, table->name);
          break;
        }
      }
    }
  }
}

void checkPreparedStatementBetter(const std::vector<LintStatement>& statements, const LintContext& ctx,
                                  std::vector<LintIssue>& out) {
  constexpr int64_t kMaxGapMs = 100;  // Matrix's kContinuityInternalThreshold
  constexpr size_t kMinRun = 3;       // Matrix's kContinuousCountThreshold
  std::map<std::string, std::vector<const LintStatement*>> byShape;
  std::vector<std::string> order;
  for (const LintStatement& st : statements) {
    if (!st.timeMs) continue;
    const StatementFacts facts = statementFacts(st.sql);
    if (!facts.hasLiterals || facts.hasParameters) continue;  // already prepared, or nothing to bind
    const std::string shape = statementShape(st.sql);
    if (ctx.whitelist->contains(kPreparedStatementBetterChecker, shape) ||
        ctx.whitelist->contains(kPreparedStatementBetterChecker, st.sql)) {
      continue;
    }
    auto [it, added] = byShape.try_emplace(shape);
    if (added) order.push_back(shape);
    it->second.push_back(&st);
  }
  for (const std::string& shape : order) {
    std::vector<const LintStatement*> runs = byShape[shape];
    std::stable_sort(runs.begin(), runs.end(), [](auto* a, auto* b) { return *a->timeMs < *b->timeMs; });
    size_t start = 0, end = 1;
    size_t bestStart = 0, bestEnd = 0;
    for (; end <= runs.size(); ++end) {
      const bool breaks = end == runs.size() || *runs[end]->timeMs - *runs[end - 1]->timeMs >= kMaxGapMs;
      if (!breaks) continue;
      if (end - start >= kMinRun) {
        bestStart = start;
        bestEnd = end;
        break;  // the first burst is enough, as in Matrix
      }
      start = end;
    }
    if (bestEnd == 0) continue;
    ShapedStatement s;
    s.sql = runs[bestStart]->sql;
    s.shape = shape;
    s.facts = statementFacts(s.sql);
    std::string desc = "The following sql executed continuously:\n";
    for (size_t i = bestStart; i < bestEnd; ++i) {
      const LintStatement& run = *runs[i];
      if (run.durationMs) s.timeCostMs = std::max<int64_t>(s.timeCostMs, std::llround(*run.durationMs));
      s.mainThread = s.mainThread || run.mainThread.value_or(false);
      desc += std::to_string(*run.timeMs) + " ms:\n" + run.sql + "\n\n";
    }
    LintIssue issue = statementIssue(s, ctx, kPreparedStatementBetterChecker, IssueType::kPreparedStatementBetter,
                                     IssueLevel::kSuggestion, shape);
    issue.desc = desc;
    issue.advice = "It is recommended to use SQLiteStatement optimization.";
    out.push_back(std::move(issue));
  }
}

}  // namespace mxi::core::sqlitelint
