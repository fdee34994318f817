#include "core/matrix/method_mapping.h"

#include <charconv>

#include "core/base/text_lines.h"

namespace mxi::core::matrix {

std::string MappedMethod::displayName() const { return className + "." + methodName + descriptor; }

bool isMatrixMethodMapping(std::string_view text) {
  text::TextLines lines(text);
  std::string_view line;
  while (lines.next(line)) {
    line = text::trim(line);
    if (line.empty() || line.front() == '#') continue;
    const size_t c1 = line.find(',');
    if (c1 == 0 || c1 == std::string_view::npos || line.find(" -> ") != std::string_view::npos) return false;
    for (size_t i = 0; i < c1; ++i) {
      if (line[i] < '0' || line[i] > '9') return false;
    }
    return true;
  }
  return false;
}

StatusOr<MethodMapping> MethodMapping::parse(std::string_view text) {
  MethodMapping mapping;
  text::TextLines lines(text);
  std::string_view line;
  while (lines.next(line)) {
    line = text::trim(line);
    if (line.empty() || line.front() == '#') continue;
    auto bad = [&](const char* what) {
      return invalidInput("methodMapping line " + std::to_string(lines.lineNumber()) + ": " + what, lines.lineOffset());
    };
    const size_t c1 = line.find(',');
    const size_t c2 = c1 == std::string_view::npos ? c1 : line.find(',', c1 + 1);
    if (c2 == std::string_view::npos) return bad("expected `id,accessFlags,class method desc`");
    int64_t id = 0;
    int32_t flags = 0;
    const auto r1 = std::from_chars(line.data(), line.data() + c1, id);
    const auto r2 = std::from_chars(line.data() + c1 + 1, line.data() + c2, flags);
    if (r1.ec != std::errc() || r1.ptr != line.data() + c1 || r2.ec != std::errc() || r2.ptr != line.data() + c2) {
      return bad("id and access flags must be integers");
    }
    const std::string_view rest = line.substr(c2 + 1);
    const size_t s1 = rest.find(' ');
    if (s1 == std::string_view::npos) return bad("expected `class method [desc]`");
    MappedMethod m;
    m.accessFlags = flags;
    m.className = std::string(rest.substr(0, s1));
    const std::string_view tail = rest.substr(s1 + 1);
    const size_t s2 = tail.find(' ');
    m.methodName = std::string(s2 == std::string_view::npos ? tail : tail.substr(0, s2));
    if (s2 != std::string_view::npos) m.descriptor = std::string(text::trim(tail.substr(s2 + 1)));
    mapping.m_methods[id] = std::move(m);
  }
  return mapping;
}

void MethodMapping::applyProguard(const mapping::R8Mapping& proguard) {
  for (auto& [id, m] : m_methods) {
    const std::string method = proguard.originalMethod(m.className, m.methodName);
    if (!method.empty()) m.methodName = method;
    m.className = proguard.originalClass(m.className);
  }
}

const MappedMethod* MethodMapping::find(int64_t id) const {
  const auto it = m_methods.find(id);
  return it == m_methods.end() ? nullptr : &it->second;
}

std::string MethodMapping::nameOf(int64_t id) const {
  if (const MappedMethod* m = find(id)) return m->displayName();
  if (id == kDispatchMethodId) return "[Looper dispatch] android.os.Handler.dispatchMessage";
  return "method#" + std::to_string(id);
}

}  // namespace mxi::core::matrix
