// SQL text both engines share: a value's text and integer forms, `?` numbering for
// PostgreSQL, and the head of a statement that names it in an error message.
#include <charconv>

#include "core/triage/sql_connection.h"

namespace mxi::core::triage {

std::string sqlText(const SqlValue& value) {
  if (const auto* s = std::get_if<std::string>(&value)) return *s;
  if (const auto* n = std::get_if<int64_t>(&value)) return std::to_string(*n);
  return {};
}

int64_t sqlInt(const SqlValue& value) {
  if (const auto* n = std::get_if<int64_t>(&value)) return *n;
  if (const auto* s = std::get_if<std::string>(&value)) {
    int64_t n = 0;
    std::from_chars(s->data(), s->data() + s->size(), n);
    return n;
  }
  return 0;
}

std::string numberedParameters(std::string_view sql) {
  std::string out;
  out.reserve(sql.size() + 16);
  int next = 1;
  char quote = 0;
  for (const char c : sql) {
    if (quote) {
      if (c == quote) quote = 0;
      out += c;
    } else if (c == '\'' || c == '"') {
      quote = c;
      out += c;
    } else if (c == '?') {
      out += '$' + std::to_string(next++);
    } else {
      out += c;
    }
  }
  return out;
}

std::string statementHead(std::string_view sql) {
  constexpr size_t kMost = 48;
  std::string head;
  bool space = false;
  for (const char c : sql) {
    if (c == ' ' || c == '\t' || c == '\n' || c == '\r') {
      space = !head.empty();
      continue;
    }
    if (space) {
      if (head.size() >= kMost) return head + " …";
      head += ' ';
      space = false;
    }
    head += c;
  }
  return head.empty() ? "(empty statement)" : head;
}

}  // namespace mxi::core::triage
