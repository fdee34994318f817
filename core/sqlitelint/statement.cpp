#include "core/sqlitelint/statement.h"

#include <vector>

#include "core/sqlitelint/sql_tokens.h"

namespace mxi::core::sqlitelint {

std::string statementShape(std::string_view sql) {
  std::vector<SqlToken> tokens = tokenizeSql(sql);
  while (!tokens.empty() && tokens.back().kind == SqlTokenKind::kSymbol && tokens.back().text == ";") tokens.pop_back();
  std::string shape;
  for (const SqlToken& t : tokens) {
    if (t.spaceBefore) shape += ' ';
    if (t.isLiteral()) {
      shape += '?';
    } else if (t.kind == SqlTokenKind::kQuotedIdentifier) {
      // Re-quoted the standard way, so "a""b" stays one identifier in the shape.
      shape += '"';
      for (char c : t.text) shape += c == '"' ? std::string("\"\"") : std::string(1, c);
      shape += '"';
    } else {
      shape += t.text;
    }
  }
  return shape;
}

StatementFacts statementFacts(std::string_view sql) {
  const std::vector<SqlToken> tokens = tokenizeSql(sql);
  StatementFacts facts;
  for (size_t i = 0; i < tokens.size(); ++i) {
    const SqlToken& t = tokens[i];
    if (t.isLiteral()) facts.hasLiterals = true;
    if (t.kind == SqlTokenKind::kParameter) facts.hasParameters = true;
    if (t.kind == SqlTokenKind::kSymbol && t.text == "*" && i > 0) {
      // A result column `*` follows SELECT, DISTINCT, ALL, a comma or a `t.`; a multiplication
      // follows a value and count(*) follows "(".
      const SqlToken& before = tokens[i - 1];
      const bool afterDot = before.kind == SqlTokenKind::kSymbol && before.text == ".";
      const bool afterComma = before.kind == SqlTokenKind::kSymbol && before.text == ",";
      if (before.is("select") || before.is("distinct") || before.is("all") || afterDot || afterComma) {
        facts.selectsAll = true;
      }
    }
  }
  // The first word, past any opening parentheses; WITH leads to the statement after its CTEs.
  size_t first = 0;
  while (first < tokens.size() && tokens[first].kind == SqlTokenKind::kSymbol && tokens[first].text == "(") ++first;
  if (first < tokens.size()) {
    if (tokens[first].is("select")) facts.isSelect = true;
    if (tokens[first].is("with")) {
      int depth = 0;
      for (size_t i = first + 1; i < tokens.size(); ++i) {
        const SqlToken& t = tokens[i];
        if (t.kind == SqlTokenKind::kSymbol && t.text == "(") ++depth;
        if (t.kind == SqlTokenKind::kSymbol && t.text == ")") --depth;
        if (depth == 0 && t.kind == SqlTokenKind::kWord && !t.is("as") && !t.is("recursive") && !t.is("not") &&
            !t.is("materialized") && i > first + 1 && tokens[i - 1].kind == SqlTokenKind::kSymbol &&
            tokens[i - 1].text == ")") {
          facts.isSelect = t.is("select");
          break;
        }
      }
    }
  }
  return facts;
}

}  // namespace mxi::core::sqlitelint
