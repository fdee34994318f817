#include "core/mapping/mapping_metadata.h"

#include <charconv>

namespace mxi::core::mapping {
namespace {

// A cursor over one comment. Values R8 never writes (arrays, nested objects other than
// "positions", numbers as values of known keys) are skipped, not rejected.
class Reader {
 public:
  explicit Reader(std::string_view s) : m_s(s) {}

  void skipBlanks() {
    while (m_pos < m_s.size() && (m_s[m_pos] == ' ' || m_s[m_pos] == '\t')) ++m_pos;
  }
  bool eat(char c) {
    skipBlanks();
    if (m_pos < m_s.size() && m_s[m_pos] == c) {
      ++m_pos;
      return true;
    }
    return false;
  }
  char peek() {
    skipBlanks();
    return m_pos < m_s.size() ? m_s[m_pos] : '\0';
  }

  // A quoted string ('…' or "…", with \-escapes kept as the escaped character) or a bare word.
  std::optional<std::string> string() {
    skipBlanks();
    if (m_pos >= m_s.size()) return std::nullopt;
    const char quote = m_s[m_pos];
    std::string out;
    if (quote == '"' || quote == '\'') {
      ++m_pos;
      while (m_pos < m_s.size() && m_s[m_pos] != quote) {
        if (m_s[m_pos] == '\\' && m_pos + 1 < m_s.size()) ++m_pos;
        out += m_s[m_pos++];
      }
      if (m_pos >= m_s.size()) return std::nullopt;
      ++m_pos;
      return out;
    }
    while (m_pos < m_s.size() && isBareChar(m_s[m_pos])) out += m_s[m_pos++];
    if (out.empty()) return std::nullopt;
    return out;
  }

  // Skips any JSON value, nesting at most kMaxDepth deep (fuzzed input stays bounded).
  bool skipValue(int depth = 0) {
    if (depth > kMaxDepth) return false;
    const char c = peek();
    if (c == '{' || c == '[') {
      const char close = c == '{' ? '}' : ']';
      ++m_pos;
      if (eat(close)) return true;
      do {
        if (c == '{') {
          if (!string() || !eat(':')) return false;
        }
        if (!skipValue(depth + 1)) return false;
      } while (eat(','));
      return eat(close);
    }
    return string().has_value();
  }

 private:
  static constexpr int kMaxDepth = 16;
  static bool isBareChar(char c) {
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_' || c == '.' ||
           c == '-' || c == '$';
  }
  std::string_view m_s;
  size_t m_pos = 0;
};

std::optional<uint32_t> toUint(const std::string& s) {
  uint32_t v = 0;
  const auto r = std::from_chars(s.data(), s.data() + s.size(), v);
  if (r.ec != std::errc() || r.ptr != s.data() + s.size()) return std::nullopt;
  return v;
}

// "positions": {"1": 4, "2": 5}
bool readPositions(Reader& r, std::map<uint32_t, uint32_t>& out) {
  if (!r.eat('{')) return false;
  if (r.eat('}')) return true;
  do {
    const auto key = r.string();
    if (!key || !r.eat(':')) return false;
    const auto value = r.string();
    if (!value) return false;
    const auto k = toUint(*key), v = toUint(*value);
    if (k && v) out[*k] = *v;
  } while (r.eat(','));
  return r.eat('}');
}

}  // namespace

std::optional<MappingMetadata> parseMappingMetadata(std::string_view comment) {
  Reader r(comment);
  if (!r.eat('{')) return std::nullopt;
  MappingMetadata m;
  if (!r.eat('}')) {
    do {
      const auto key = r.string();
      if (!key || !r.eat(':')) return std::nullopt;
      if (*key == "positions") {
        if (!readPositions(r, m.positions)) return std::nullopt;
        continue;
      }
      if (r.peek() == '{' || r.peek() == '[') {
        if (!r.skipValue()) return std::nullopt;
        continue;
      }
      const auto value = r.string();
      if (!value) return std::nullopt;
      if (*key == "id")
        m.id = *value;
      else if (*key == "fileName")
        m.fileName = *value;
      else if (*key == "version")
        m.version = *value;
      else if (*key == "signature")
        m.signature = *value;
      else if (*key == "outline")
        m.outline = *value;
    } while (r.eat(','));
    if (!r.eat('}')) return std::nullopt;
  }
  if (m.id.empty()) return std::nullopt;  // trailing text after the object is a comment's own
  return m;
}

}  // namespace mxi::core::mapping
