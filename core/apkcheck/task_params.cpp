#include "core/apkcheck/task_params.h"

#include <charconv>

namespace mxi::core::apkcheck {

namespace {

std::string trimmed(const std::string& s) {
  const size_t begin = s.find_first_not_of(" \t\r\n");
  if (begin == std::string::npos) return {};
  const size_t end = s.find_last_not_of(" \t\r\n");
  return s.substr(begin, end - begin + 1);
}

}  // namespace

std::string param(const TaskParams& params, const std::string& name, const std::string& fallback) {
  const auto it = params.find(name);
  return it == params.end() || trimmed(it->second).empty() ? fallback : trimmed(it->second);
}

uint64_t minBytesParam(const TaskParams& params) {
  const std::string text = param(params, "--min");
  uint64_t kb = 0;
  const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), kb);
  if (ec != std::errc() || end != text.data() + text.size() || kb > (UINT64_MAX >> 10)) return 0;
  return kb * 1024;
}

std::vector<std::string> listParam(const TaskParams& params, const std::string& name) {
  std::vector<std::string> out;
  const std::string text = param(params, name);
  size_t start = 0;
  while (start <= text.size()) {
    size_t comma = text.find(',', start);
    if (comma == std::string::npos) comma = text.size();
    std::string item = trimmed(text.substr(start, comma - start));
    if (item.starts_with('.')) item.erase(0, 1);
    if (!item.empty()) out.push_back(std::move(item));
    start = comma + 1;
  }
  return out;
}

std::vector<std::regex> globParam(const TaskParams& params, const std::string& name) {
  std::vector<std::regex> out;
  const std::string text = param(params, name);
  size_t start = 0;
  while (start <= text.size()) {
    size_t comma = text.find(',', start);
    if (comma == std::string::npos) comma = text.size();
    const std::string glob = trimmed(text.substr(start, comma - start));
    start = comma + 1;
    if (glob.empty()) continue;
    std::string re;
    for (char c : glob) {
      if (c == '*') {
        re += ".*";
      } else if (c == '?') {
        re += '.';
      } else if (std::string_view("\\^$.|+()[]{}").find(c) != std::string_view::npos) {
        re += '\\';
        re += c;
      } else {
        re += c;
      }
    }
    out.emplace_back(re);
  }
  return out;
}

bool matchesAny(const std::vector<std::regex>& patterns, const std::string& text) {
  for (const std::regex& p : patterns) {
    if (std::regex_match(text, p)) return true;
  }
  return false;
}

std::string suffixOf(const std::string& path) {
  const size_t slash = path.rfind('/');
  const size_t dot = path.rfind('.');
  if (dot == std::string::npos || (slash != std::string::npos && dot < slash)) return {};
  return path.substr(dot + 1);
}

}  // namespace mxi::core::apkcheck
