#include "core/sqlitelint/query_plan.h"

#include <vector>

namespace mxi::core::sqlitelint {

namespace {

std::vector<std::string_view> words(std::string_view text) {
  std::vector<std::string_view> out;
  size_t i = 0;
  while (i < text.size()) {
    while (i < text.size() && text[i] == ' ') ++i;
    const size_t start = i;
    while (i < text.size() && text[i] != ' ') ++i;
    if (i > start) out.push_back(text.substr(start, i - start));
  }
  return out;
}

bool startsWith(std::string_view s, std::string_view prefix) { return s.substr(0, prefix.size()) == prefix; }

}  // namespace

PlanStep parsePlanDetail(std::string_view detail) {
  PlanStep step;
  constexpr std::string_view kTemp = "USE TEMP B-TREE FOR ";
  if (startsWith(detail, kTemp)) {
    step.kind = PlanStepKind::kTempTree;
    step.tempTreePurpose = std::string(detail.substr(kTemp.size()));
    return step;
  }
  const bool scan = startsWith(detail, "SCAN ");
  const bool search = startsWith(detail, "SEARCH ");
  if (!scan && !search) return step;
  // The parenthesised constraints go first: names never hold "(" in a plan row, values do not appear.
  std::string_view head = detail;
  const size_t paren = detail.find(" (");
  if (paren != std::string_view::npos && detail.back() == ')') {
    step.constraints = std::string(detail.substr(paren + 2, detail.size() - paren - 3));
    head = detail.substr(0, paren);
  }
  const std::vector<std::string_view> w = words(head);
  size_t i = 1;
  if (i < w.size() && w[i] == "TABLE") ++i;  // the wording before 3.36
  if (i >= w.size()) return step;
  // SCAN SUBQUERY n, SCAN CONSTANT ROW, SCAN (subquery-n): no table behind them.
  if (w[i] == "SUBQUERY" || w[i] == "CONSTANT" || startsWith(w[i], "(")) return step;
  step.kind = scan ? PlanStepKind::kScan : PlanStepKind::kSearch;
  step.table = std::string(w[i++]);
  if (i + 1 < w.size() && w[i] == "AS") {
    step.alias = std::string(w[i + 1]);
    i += 2;
  }
  if (i + 1 < w.size() && w[i] == "VIRTUAL" && w[i + 1] == "TABLE") {
    step.virtualTable = true;
    return step;
  }
  if (i < w.size() && w[i] == "USING") {
    ++i;
    bool sawIndexWord = false;
    for (; i < w.size(); ++i) {
      if (w[i] == "AUTOMATIC") step.automaticIndex = true;
      if (w[i] == "PRIMARY" && i + 1 < w.size() && w[i + 1] == "KEY") step.primaryKey = true;
      if (w[i] == "INDEX") {
        sawIndexWord = true;
        continue;
      }
      if (sawIndexWord && !step.automaticIndex) {
        step.index = std::string(w[i]);
        break;
      }
    }
  }
  return step;
}

}  // namespace mxi::core::sqlitelint
