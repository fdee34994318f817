#include "app/gui/models/session/database_statements.h"

#include <algorithm>
#include <tuple>

#include "core/json/json_reader.h"
#include "core/sqlitelint/lint_issue.h"
#include "core/sqlitelint/live_issues.h"
#include "core/sqlitelint/statement.h"

namespace mxi::gui {

namespace sl = core::sqlitelint;

namespace {

constexpr std::string_view kNotCheckedPrefix = "SQLiteLint: not checked: ";

std::string_view fileName(std::string_view path) {
  const size_t slash = path.rfind('/');
  return slash == std::string_view::npos ? path : path.substr(slash + 1);
}

// The same database: equal paths, or equal file names (a check names the copy by its file name,
// the app's operations by the path it opened).
bool sameDatabase(std::string_view a, std::string_view b) {
  return a.empty() || b.empty() || a == b || fileName(a) == fileName(b);
}

}  // namespace

std::string sqliteLintCheckerName(int type) {
  switch (type) {
    case 1:
    case 2:
    case 3: return sl::kExplainQueryPlanChecker;
    case 4: return sl::kAvoidAutoIncrementChecker;
    case 5: return sl::kAvoidSelectAllChecker;
    case 6: return sl::kWithoutRowIdBetterChecker;
    case 7: return sl::kPreparedStatementBetterChecker;
    case 8: return sl::kRedundantIndexChecker;
    case sl::kSlowStatementType: return sl::kSlowStatementChecker;
    case sl::kAutomaticIndexType: return sl::kAutomaticIndexChecker;
    default: return "type " + std::to_string(type);
  }
}

std::optional<SqliteLintFinding> sqliteLintFinding(const core::matrix::MatrixIssue& issue) {
  if (issue.tag != "SQLiteLint") return std::nullopt;
  const auto content = core::json::parseJson(issue.contentJson);
  if (!content.ok() || !content->is_object()) return std::nullopt;
  const nlohmann::json& c = *content;
  SqliteLintFinding f;
  f.type = static_cast<int>(core::json::jsonInt(c, "type").value_or(issue.type));
  f.checker = core::json::jsonString(c, "checker");
  if (f.checker.empty()) f.checker = sqliteLintCheckerName(f.type);
  f.dbPath = core::json::jsonString(c, "dbPath");
  f.table = core::json::jsonString(c, "table");
  f.sql = core::json::jsonString(c, "sql");
  f.shape = core::json::jsonString(c, "shape");
  if (f.shape.empty() && !f.sql.empty()) f.shape = sl::statementShape(f.sql);
  f.desc = core::json::jsonString(c, "desc");
  f.detail = core::json::jsonString(c, "detail");
  f.advice = core::json::jsonString(c, "advice");
  f.mainThread = core::json::jsonBool(c, "isInMainThread");
  f.sqlTimeCostMs = core::json::jsonInt(c, "sqlTimeCost").value_or(0);
  if (const auto plan = c.find("plan"); plan != c.end() && plan->is_array()) {
    for (const nlohmann::json& row : *plan) {
      if (!row.is_object()) continue;
      f.plan.push_back({static_cast<int>(core::json::jsonInt(row, "id").value_or(0)),
                        static_cast<int>(core::json::jsonInt(row, "parent").value_or(0)),
                        core::json::jsonString(row, "detail")});
    }
  }
  return f;
}

std::vector<PlanLine> planTreeOrder(const std::vector<sl::PlanRow>& plan) {
  std::vector<PlanLine> out;
  std::vector<bool> placed(plan.size(), false);
  auto isId = [&](int id) {
    return id != 0 && std::any_of(plan.begin(), plan.end(), [id](const sl::PlanRow& r) { return r.id == id; });
  };
  // Depth first from the top rows; `placed` keeps a row whose id repeats (or a cycle) from coming twice.
  auto visit = [&](auto&& self, size_t i, int depth) -> void {
    placed[i] = true;
    out.push_back({depth, &plan[i]});
    for (size_t c = 0; c < plan.size(); ++c) {
      if (!placed[c] && plan[c].parent == plan[i].id && plan[c].id != plan[i].id) self(self, c, depth + 1);
    }
  };
  for (size_t i = 0; i < plan.size(); ++i) {
    if (!placed[i] && !isId(plan[i].parent)) visit(visit, i, 0);
  }
  for (size_t i = 0; i < plan.size(); ++i) {
    if (!placed[i]) visit(visit, i, 0);  // rows only a cycle reaches
  }
  return out;
}

void DatabaseStatements::addOperation(const core::session::SqlOperation& operation) {
  auto it = m_byDatabase.find(operation.dbPath);
  if (it == m_byDatabase.end()) it = m_byDatabase.emplace(operation.dbPath, sl::ShapeTable{}).first;
  it->second.add(operation.sql, operation.durationMs);
  ++m_revision;
}

void DatabaseStatements::addIssue(const core::matrix::MatrixIssue& issue) {
  if (auto finding = sqliteLintFinding(issue)) {
    m_findings.push_back(std::move(*finding));
    ++m_revision;
  }
}

void DatabaseStatements::addMark(std::string_view text) {
  if (!text.starts_with(kNotCheckedPrefix)) return;
  m_notChecked.emplace_back(text.substr(kNotCheckedPrefix.size()));
  ++m_revision;
}

std::vector<StatementRow> DatabaseStatements::rows() const {
  std::vector<StatementRow> out;
  for (const auto& [database, table] : m_byDatabase) {
    for (sl::ShapeTotals& totals : table.byTotal()) {
      StatementRow row{std::move(totals), database, MainThread::kUnknown};
      for (const SqliteLintFinding* f : findingsFor(row)) {
        if (f->mainThread.value_or(false)) row.mainThread = MainThread::kYes;
      }
      out.push_back(std::move(row));
    }
  }
  std::stable_sort(out.begin(), out.end(), [](const StatementRow& a, const StatementRow& b) {
    return std::tie(b.totals.totalMs, b.totals.count, a.totals.shape, a.database) <
           std::tie(a.totals.totalMs, a.totals.count, b.totals.shape, b.database);
  });
  return out;
}

DatabaseTotals DatabaseStatements::totals(const std::vector<StatementRow>& rows) const {
  DatabaseTotals t;
  for (const StatementRow& row : rows) {
    t.statements += row.totals.count;
    t.totalMs += row.totals.totalMs;
    ++t.shapes;
  }
  for (const SqliteLintFinding& f : m_findings) ++t.issuesByType[f.type];
  return t;
}

std::vector<const SqliteLintFinding*> DatabaseStatements::findingsFor(const StatementRow& row) const {
  std::vector<const SqliteLintFinding*> out;
  for (const SqliteLintFinding& f : m_findings) {
    if (f.shape == row.totals.shape && sameDatabase(f.dbPath, row.database)) out.push_back(&f);
  }
  return out;
}

const std::vector<sl::PlanRow>* DatabaseStatements::planFor(const StatementRow& row) const {
  for (const SqliteLintFinding* f : findingsFor(row)) {
    if (!f->plan.empty()) return &f->plan;
  }
  return nullptr;
}

std::string DatabaseStatements::noPlanReason(const StatementRow& row) const {
  const std::string_view file = fileName(row.database);
  for (const std::string& mark : m_notChecked) {
    // "databases of PACKAGE: WHY": run-as copied none of them.
    if (mark.starts_with("databases of ")) {
      const size_t colon = mark.find(": ");
      return "no plan: the database was not copied (" + mark.substr(colon == std::string::npos ? 0 : colon + 2) + ")";
    }
    // "PATH: WHY" (statements on a file run-as did not copy) or "FILE: WHY" (a copy that did not open).
    for (const std::string_view name : {std::string_view(row.database), file}) {
      if (name.empty() || !mark.starts_with(std::string(name) + ": ")) continue;
      const std::string why = mark.substr(name.size() + 2);
      return name == file && name != row.database ? "no plan: the database was not checked (" + why + ")"
                                                  : "no plan: the database was not copied (" + why + ")";
    }
  }
  if (!findingsFor(row).empty())
    return "no plan: none of its issues carries one (a session keeps a plan only with the issue it explains)";
  const bool checked = std::any_of(m_findings.begin(), m_findings.end(), [&](const SqliteLintFinding& f) {
    return f.type >= 1 && f.type <= 8 && sameDatabase(f.dbPath, row.database) && !f.dbPath.empty();
  });
  if (checked)
    return "no plan: the database was checked and its plan raised no issue (a session keeps plans only in issues)";
  return "no plan: the session has no check of this database (mxi record checks the app's databases at its end)";
}

}  // namespace mxi::gui
