// Line splitting shared by the text parsers: tolerates a UTF-8 BOM and CRLF, reports offsets.
#pragma once

#include <cstdint>
#include <string_view>

namespace mxi::core::trace {

class TextLines {
 public:
  explicit TextLines(std::string_view text) : m_text(text) {
    if (m_text.starts_with("\xEF\xBB\xBF")) m_pos = 3;
  }
  // Next line without its terminator; false at the end.
  bool next(std::string_view& line) {
    if (m_pos >= m_text.size()) return false;
    m_lineOffset = m_pos;
    ++m_lineNumber;
    const size_t end = m_text.find('\n', m_pos);
    const size_t stop = end == std::string_view::npos ? m_text.size() : end;
    line = m_text.substr(m_pos, stop - m_pos);
    if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
    m_pos = end == std::string_view::npos ? m_text.size() : end + 1;
    return true;
  }
  uint64_t lineNumber() const { return m_lineNumber; }
  uint64_t lineOffset() const { return m_lineOffset; }

 private:
  std::string_view m_text;
  size_t m_pos = 0;
  uint64_t m_lineOffset = 0;
  uint64_t m_lineNumber = 0;
};

inline std::string_view trimSpaces(std::string_view s) {
  while (!s.empty() && (s.front() == ' ' || s.front() == '\t')) s.remove_prefix(1);
  while (!s.empty() && (s.back() == ' ' || s.back() == '\t' || s.back() == '\r')) s.remove_suffix(1);
  return s;
}

}  // namespace mxi::core::trace
