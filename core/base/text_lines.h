// Line and word splitting and whole-string number parsing for the text that device tools print
// (adb answers, dumpsys, ps, logcat) and for the captures users open, shared by core and the agent.
#pragma once

#include <charconv>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace mxi::core::text {

// Lines one at a time with their number and byte offset (for "line N (at byte offset M)"
// problems); skips a UTF-8 BOM, strips "\r".
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
  uint64_t lineNumber() const { return m_lineNumber; }  // of the last line returned, 1-based
  uint64_t lineOffset() const { return m_lineOffset; }

 private:
  std::string_view m_text;
  size_t m_pos = 0;
  uint64_t m_lineOffset = 0;
  uint64_t m_lineNumber = 0;
};

// Lines out of any split of a stream (house rule T4: a logcat pipe hands over chunks that end
// anywhere): feed() each chunk, and every complete line goes to onLine(line, offset) — without its
// '\n' or "\r\n", with its byte offset in the whole stream (the stream's first line without a
// UTF-8 BOM, its offset past it); finish() hands over an unterminated last line.
class ChunkedLines {
 public:
  template <typename OnLine>
  void feed(std::string_view chunk, OnLine&& onLine) {
    while (!chunk.empty()) {
      const size_t nl = chunk.find('\n');
      if (nl == std::string_view::npos) {
        m_partial.append(chunk);
        return;
      }
      if (m_partial.empty()) {
        deliver(chunk.substr(0, nl), onLine);
      } else {
        std::string joined = std::move(m_partial);
        m_partial.clear();
        joined.append(chunk.substr(0, nl));
        deliver(joined, onLine);
      }
      ++m_consumed;  // the '\n'
      chunk.remove_prefix(nl + 1);
    }
  }
  template <typename OnLine>
  void finish(OnLine&& onLine) {
    if (m_partial.empty()) return;
    const std::string last = std::move(m_partial);
    m_partial.clear();
    deliver(last, onLine);
  }
  // Starts a new stream: offsets from 0 again, any unterminated line dropped.
  void reset() {
    m_partial.clear();
    m_consumed = 0;
  }

 private:
  template <typename OnLine>
  void deliver(std::string_view line, OnLine& onLine) {
    uint64_t offset = m_consumed;
    m_consumed += line.size();
    if (offset == 0 && line.starts_with("\xEF\xBB\xBF")) {
      line.remove_prefix(3);
      offset = 3;
    }
    if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
    onLine(line, offset);
  }
  std::string m_partial;
  uint64_t m_consumed = 0;  // bytes of the stream handed over so far
};

// Calls f(line) for each line without its '\n' or "\r\n".
template <typename F>
void forEachLine(std::string_view text, F&& f) {
  size_t pos = 0;
  while (pos < text.size()) {
    size_t end = text.find('\n', pos);
    if (end == std::string_view::npos) end = text.size();
    std::string_view line = text.substr(pos, end - pos);
    if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
    f(line);
    pos = end + 1;
  }
}

// The lines of `text`, each trimmed of surrounding blanks (and "\r").
inline std::vector<std::string_view> trimmedLines(std::string_view text);

inline std::string_view trim(std::string_view s) {
  while (!s.empty() && (s.front() == ' ' || s.front() == '\t')) s.remove_prefix(1);
  while (!s.empty() && (s.back() == ' ' || s.back() == '\t' || s.back() == '\r')) s.remove_suffix(1);
  return s;
}

inline std::optional<int64_t> parseInt(std::string_view s) {
  int64_t v = 0;
  const auto r = std::from_chars(s.data(), s.data() + s.size(), v);
  if (r.ec != std::errc() || r.ptr != s.data() + s.size()) return std::nullopt;
  return v;
}

inline std::vector<std::string_view> splitWhitespace(std::string_view s) {
  std::vector<std::string_view> out;
  size_t i = 0;
  while (i < s.size()) {
    while (i < s.size() && (s[i] == ' ' || s[i] == '\t')) ++i;
    const size_t start = i;
    while (i < s.size() && s[i] != ' ' && s[i] != '\t') ++i;
    if (i > start) out.push_back(s.substr(start, i - start));
  }
  return out;
}

inline std::vector<std::string_view> trimmedLines(std::string_view text) {
  std::vector<std::string_view> out;
  forEachLine(text, [&](std::string_view line) { out.push_back(trim(line)); });
  return out;
}

}  // namespace mxi::core::text
