#include "core/matrix/method_mapping.h"

#include <charconv>

#include "core/base/text_lines.h"

namespace mxi::core::matrix {

std::string MappedMethod::displayName() const { return className + "." + methodName + descriptor; }

StatusOr<ProguardMapping> ProguardMapping::parse(std::string_view text) {
  ProguardMapping m;
  text::TextLines lines(text);
  std::string_view line;
  ClassEntry* current = nullptr;
  while (lines.next(line)) {
    if (line.empty() || text::trim(line).starts_with("#")) continue;
    const size_t arrow = line.find(" -> ");
    if (arrow == std::string_view::npos) {
      return invalidInput("mapping.txt line " + std::to_string(lines.lineNumber()) + " has no ' -> '",
                          lines.lineOffset());
    }
    if (line.front() != ' ' && line.front() != '\t') {
      // "original.Class -> obf.C:"
      std::string_view obf = text::trim(line.substr(arrow + 4));
      if (obf.ends_with(':')) obf.remove_suffix(1);
      auto& entry = m.m_classes[std::string(obf)];
      entry.original = std::string(text::trim(line.substr(0, arrow)));
      current = &entry;
      continue;
    }
    if (!current) {
      return invalidInput("mapping.txt member line before any class line", lines.lineOffset());
    }
    // "    [1:2:]type name(args)[:3:4] -> obf": only methods (with '(') matter here.
    const std::string_view member = text::trim(line.substr(0, arrow));
    const size_t paren = member.find('(');
    if (paren == std::string_view::npos) continue;
    const size_t space = member.rfind(' ', paren);
    if (space == std::string_view::npos) continue;
    std::string name(member.substr(space + 1, paren - space - 1));
    const size_t dot = name.rfind('.');  // R8 inlined "other.Class.method"
    if (dot != std::string::npos) continue;
    auto& originals = current->methods[std::string(text::trim(line.substr(arrow + 4)))];
    bool seen = false;
    for (const auto& o : originals) seen = seen || o == name;
    if (!seen) originals.push_back(std::move(name));
  }
  return m;
}

std::string ProguardMapping::originalClass(const std::string& obfuscated) const {
  const auto it = m_classes.find(obfuscated);
  return it == m_classes.end() ? obfuscated : it->second.original;
}

std::string ProguardMapping::originalMethod(const std::string& obfuscatedClass,
                                            const std::string& obfuscatedMethod) const {
  const auto it = m_classes.find(obfuscatedClass);
  if (it == m_classes.end()) return {};
  const auto m = it->second.methods.find(obfuscatedMethod);
  if (m == it->second.methods.end()) return {};
  std::string joined;
  for (const auto& name : m->second) joined += (joined.empty() ? "" : "|") + name;
  return joined;
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

void MethodMapping::applyProguard(const ProguardMapping& proguard) {
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
