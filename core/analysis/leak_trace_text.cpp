#include "core/analysis/leak_trace_text.h"

namespace mxi::core::analysis {

namespace {

std::string shortName(const std::string& name) {
  const size_t dot = name.rfind('.');
  return dot == std::string::npos ? name : name.substr(dot + 1);
}

std::string kindWord(const ChainNode& node, bool isClass) {
  if (isClass) return "class";
  if (node.className.ends_with("[]")) return "array";
  return "instance";
}

}  // namespace

std::string leakTraceText(const std::vector<ChainNode>& chain) {
  std::string out = "┬───\n";
  if (chain.empty()) return out;
  const ChainNode& root = chain.front();
  out += "│ GC Root: " + root.reference.name;
  if (!root.rootThread.empty()) out += " (thread " + root.rootThread + ")";
  out += "\n│\n";
  for (size_t i = 0; i < chain.size(); ++i) {
    const ChainNode& node = chain[i];
    const bool last = i + 1 == chain.size();
    // A node is a class object when the next reference out of it is static, or it is a root class.
    const bool isClass = (!last && (chain[i + 1].reference.type == ReferenceName::Type::kStaticField ||
                                    chain[i + 1].reference.type == ReferenceName::Type::kSuperclass ||
                                    chain[i + 1].reference.type == ReferenceName::Type::kClassLoader)) ||
                         node.reason == "a class is never leaking";
    const std::string bar = last ? "     " : "│    ";
    out += (last ? "╰→ " : "├─ ") + node.className + " " + kindWord(node, isClass) + "\n";
    out += bar + "Leaking: " + std::string(leakingStatusName(node.status));
    if (!node.reason.empty()) out += " (" + node.reason + ")";
    out += "\n";
    if (last) break;
    const ReferenceName& ref = chain[i + 1].reference;
    std::string prefix = "↓ ";
    std::string owner = shortName(ref.owner.empty() ? node.className : ref.owner);
    std::string name;
    if (ref.type == ReferenceName::Type::kStaticField) {
      prefix += "static ";
      name = "." + ref.name;
    } else if (ref.type == ReferenceName::Type::kArrayElement) {
      name = ref.name;
    } else {
      name = "." + ref.name;
    }
    const std::string line = bar + prefix + owner + name;
    out += line + "\n";
    if (chain[i + 1].suspect) {
      // Underline the reference name (column count in characters, not bytes).
      auto columns = [](const std::string& s) {
        size_t n = 0;
        for (unsigned char c : s) n += (c & 0xC0) != 0x80;
        return n;
      };
      const size_t lead = columns(bar + prefix + owner) + (name.starts_with(".") ? 1 : 0);
      const size_t width = columns(name) - (name.starts_with(".") ? 1 : 0);
      out += "│" + std::string(lead - 1, ' ') + std::string(width, '~') + "\n";
    }
  }
  return out;
}

}  // namespace mxi::core::analysis
