// Matrix ResourceCanary writes result.info with java.util.Properties (`key=value` lines).
#include "core/hprof/dump_source.h"

namespace mxi::core::hprof {

namespace {

std::string_view trim(std::string_view s) {
  while (!s.empty() && (s.front() == ' ' || s.front() == '\t' || s.front() == '\f')) s.remove_prefix(1);
  while (!s.empty() && (s.back() == ' ' || s.back() == '\t' || s.back() == '\r' || s.back() == '\f')) {
    s.remove_suffix(1);
  }
  return s;
}

// Java Properties escapes: \t \n \r \f, \uXXXX (kept as UTF-8), and \x → x.
std::string unescape(std::string_view s) {
  std::string out;
  for (size_t i = 0; i < s.size(); ++i) {
    if (s[i] != '\\' || i + 1 == s.size()) {
      out += s[i];
      continue;
    }
    const char c = s[++i];
    switch (c) {
      case 't': out += '\t'; break;
      case 'n': out += '\n'; break;
      case 'r': out += '\r'; break;
      case 'f': out += '\f'; break;
      case 'u': {
        unsigned cp = 0;
        size_t digits = 0;
        while (digits < 4 && i + 1 < s.size() && std::isxdigit(static_cast<unsigned char>(s[i + 1]))) {
          const char h = s[++i];
          cp = cp * 16 +
               static_cast<unsigned>(std::isdigit(static_cast<unsigned char>(h)) ? h - '0' : (h | 0x20) - 'a' + 10);
          ++digits;
        }
        if (cp < 0x80) {
          out += static_cast<char>(cp);
        } else if (cp < 0x800) {
          out += static_cast<char>(0xC0 | (cp >> 6));
          out += static_cast<char>(0x80 | (cp & 0x3F));
        } else {
          out += static_cast<char>(0xE0 | (cp >> 12));
          out += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
          out += static_cast<char>(0x80 | (cp & 0x3F));
        }
        break;
      }
      default: out += c;
    }
  }
  return out;
}

}  // namespace

MatrixResultInfo parseMatrixResultInfo(std::string_view text) {
  MatrixResultInfo info;
  size_t start = 0;
  while (start < text.size()) {
    size_t end = text.find('\n', start);
    if (end == std::string_view::npos) end = text.size();
    std::string_view line = trim(text.substr(start, end - start));
    start = end + 1;
    if (line.empty() || line.front() == '#' || line.front() == '!') continue;
    size_t sep = std::string_view::npos;
    for (size_t i = 0; i < line.size(); ++i) {
      if (line[i] == '\\') {
        ++i;
        continue;
      }
      if (line[i] == '=' || line[i] == ':') {
        sep = i;
        break;
      }
    }
    const std::string key = unescape(trim(line.substr(0, sep)));
    const std::string value = sep == std::string_view::npos ? "" : unescape(trim(line.substr(sep + 1)));
    info.all[key] = value;
  }
  auto get = [&](const char* k) {
    auto it = info.all.find(k);
    return it == info.all.end() ? std::string() : it->second;
  };
  info.hprofEntry = get("hprofEntry");
  info.leakedActivityKey = get("leakedActivityKey");
  info.sdkVersion = get("sdkVersion");
  info.manufacturer = get("manufacturer");
  return info;
}

}  // namespace mxi::core::hprof
