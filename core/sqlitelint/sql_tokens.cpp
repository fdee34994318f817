#include "core/sqlitelint/sql_tokens.h"

#include <cctype>

namespace mxi::core::sqlitelint {

namespace {

bool isWordStart(unsigned char c) { return std::isalpha(c) || c == '_' || c >= 0x80; }
bool isWordChar(unsigned char c) { return std::isalnum(c) || c == '_' || c == '$' || c >= 0x80; }

// The end of a quoted run starting at `open` (the quote itself), where a doubled closing quote
// stands for one; `out` gets the text between the quotes.
size_t readQuoted(std::string_view sql, size_t open, char close, std::string& out) {
  size_t i = open + 1;
  while (i < sql.size()) {
    if (sql[i] == close) {
      if (close != ']' && i + 1 < sql.size() && sql[i + 1] == close) {
        out += close;
        i += 2;
        continue;
      }
      return i + 1;
    }
    out += sql[i++];
  }
  return i;  // unterminated: the rest of the input
}

size_t readNumber(std::string_view sql, size_t i) {
  if (sql[i] == '0' && i + 1 < sql.size() && (sql[i + 1] == 'x' || sql[i + 1] == 'X')) {
    i += 2;
    while (i < sql.size() && std::isxdigit(static_cast<unsigned char>(sql[i]))) ++i;
    return i;
  }
  while (i < sql.size() && (std::isdigit(static_cast<unsigned char>(sql[i])) || sql[i] == '.')) ++i;
  if (i < sql.size() && (sql[i] == 'e' || sql[i] == 'E')) {
    size_t j = i + 1;
    if (j < sql.size() && (sql[j] == '+' || sql[j] == '-')) ++j;
    if (j < sql.size() && std::isdigit(static_cast<unsigned char>(sql[j]))) {
      i = j;
      while (i < sql.size() && std::isdigit(static_cast<unsigned char>(sql[i]))) ++i;
    }
  }
  return i;
}

}  // namespace

bool SqlToken::is(std::string_view keyword) const {
  if (kind != SqlTokenKind::kWord || text.size() != keyword.size()) return false;
  for (size_t i = 0; i < text.size(); ++i) {
    if (std::tolower(static_cast<unsigned char>(text[i])) != std::tolower(static_cast<unsigned char>(keyword[i]))) {
      return false;
    }
  }
  return true;
}

std::string lowerAscii(std::string_view text) {
  std::string out(text);
  for (char& c : out) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return out;
}

std::vector<SqlToken> tokenizeSql(std::string_view sql) {
  std::vector<SqlToken> tokens;
  bool space = false;
  size_t i = 0;
  auto push = [&](SqlTokenKind kind, std::string text) {
    tokens.push_back({kind, std::move(text), space && !tokens.empty()});
    space = false;
  };
  while (i < sql.size()) {
    const auto c = static_cast<unsigned char>(sql[i]);
    const char next = i + 1 < sql.size() ? sql[i + 1] : '\0';
    if (std::isspace(c)) {
      space = true;
      ++i;
    } else if (c == '-' && next == '-') {
      while (i < sql.size() && sql[i] != '\n') ++i;
      space = true;
    } else if (c == '/' && next == '*') {
      const size_t end = sql.find("*/", i + 2);
      i = end == std::string_view::npos ? sql.size() : end + 2;
      space = true;
    } else if ((c == 'x' || c == 'X') && next == '\'') {
      std::string body;
      const size_t end = readQuoted(sql, i + 1, '\'', body);
      push(SqlTokenKind::kBlob, std::string(sql.substr(i, end - i)));
      i = end;
    } else if (c == '\'') {
      std::string body;
      const size_t end = readQuoted(sql, i, '\'', body);
      push(SqlTokenKind::kString, std::string(sql.substr(i, end - i)));
      i = end;
    } else if (c == '"' || c == '`' || c == '[') {
      std::string name;
      const size_t end = readQuoted(sql, i, c == '[' ? ']' : static_cast<char>(c), name);
      push(SqlTokenKind::kQuotedIdentifier, std::move(name));
      i = end;
    } else if (std::isdigit(c) || (c == '.' && std::isdigit(static_cast<unsigned char>(next)))) {
      const size_t end = readNumber(sql, i);
      push(SqlTokenKind::kNumber, std::string(sql.substr(i, end - i)));
      i = end;
    } else if (c == '?') {
      size_t end = i + 1;
      while (end < sql.size() && std::isdigit(static_cast<unsigned char>(sql[end]))) ++end;
      push(SqlTokenKind::kParameter, std::string(sql.substr(i, end - i)));
      i = end;
    } else if ((c == ':' || c == '@' || c == '$') && isWordChar(static_cast<unsigned char>(next))) {
      size_t end = i + 1;
      while (end < sql.size() && isWordChar(static_cast<unsigned char>(sql[end]))) ++end;
      push(SqlTokenKind::kParameter, std::string(sql.substr(i, end - i)));
      i = end;
    } else if (isWordStart(c)) {
      size_t end = i + 1;
      while (end < sql.size() && isWordChar(static_cast<unsigned char>(sql[end]))) ++end;
      push(SqlTokenKind::kWord, std::string(sql.substr(i, end - i)));
      i = end;
    } else {
      // Two-byte operators stay one token so the shape keeps them together.
      static constexpr std::string_view kPairs[] = {"<>", "<=", ">=", "==", "!=", "||", "<<", ">>", "->"};
      size_t width = 1;
      for (std::string_view pair : kPairs) {
        if (sql.substr(i, 2) == pair) width = 2;
      }
      push(SqlTokenKind::kSymbol, std::string(sql.substr(i, width)));
      i += width;
    }
  }
  return tokens;
}

}  // namespace mxi::core::sqlitelint
