#include "core/matrix/call_tree.h"

#include <charconv>

namespace mxi::core::matrix {
namespace {

constexpr int64_t kMaxStackDepth = 1024;

bool parseInt(std::string_view s, int64_t& out) {
  while (!s.empty() && s.front() == ' ') s.remove_prefix(1);
  while (!s.empty() && (s.back() == ' ' || s.back() == '\r')) s.remove_suffix(1);
  const auto [end, ec] = std::from_chars(s.data(), s.data() + s.size(), out);
  return ec == std::errc() && end == s.data() + s.size() && !s.empty();
}

void computeSelf(CallNode& node) {
  int64_t childCost = 0;
  for (CallNode& c : node.children) {
    computeSelf(c);
    childCost += c.costMs;
  }
  node.selfMs = node.costMs > childCost ? node.costMs - childCost : 0;
}

bool markFirst(CallNode& node, int64_t id) {
  if (node.methodId == id) {
    node.isStackKey = true;
    return true;
  }
  for (CallNode& c : node.children) {
    if (markFirst(c, id)) return true;
  }
  return false;
}

void nameAll(CallNode& node, const MethodMapping* mapping) {
  if (node.methodId >= 0) {
    node.name = mapping ? mapping->nameOf(node.methodId) : MethodMapping().nameOf(node.methodId);
  } else {
    node.name = "<root>";
  }
  for (CallNode& c : node.children) nameAll(c, mapping);
}

}  // namespace

StatusOr<std::vector<StackLine>> parseStackLines(std::string_view stack) {
  std::vector<StackLine> out;
  size_t pos = 0;
  while (pos < stack.size()) {
    size_t end = stack.find('\n', pos);
    if (end == std::string_view::npos) end = stack.size();
    const std::string_view line = stack.substr(pos, end - pos);
    if (!line.empty() && line != "\r") {
      int64_t v[4];
      size_t start = 0;
      int fields = 0;
      bool ok = true;
      while (ok && fields < 4) {
        size_t comma = line.find(',', start);
        if (fields == 3) comma = line.size();
        if (comma == std::string_view::npos) {
          ok = false;
          break;
        }
        ok = parseInt(line.substr(start, comma - start), v[fields]);
        ++fields;
        start = comma + 1;
      }
      // Bounds keep sums and recursion safe: Matrix stacks are < 100 deep with costs in ms.
      constexpr int64_t kMaxCount = 1'000'000'000'000;
      if (!ok || v[0] < 0 || v[0] > kMaxStackDepth || v[2] < 0 || v[2] > kMaxCount || v[3] < 0 || v[3] > kMaxCount) {
        return invalidInput(
            "evil-method stack line is not `depth,methodId,count,costMs` (depth <= 1024, "
            "count and cost >= 0): '" +
                std::string(line.substr(0, 80)) + "'",
            pos);
      }
      out.push_back({static_cast<int32_t>(v[0]), v[1], v[2], v[3]});
    }
    pos = end + 1;
  }
  return out;
}

CallNode buildCallTree(const std::vector<StackLine>& lines) {
  CallNode root;
  const bool singleRoot = !lines.empty() && lines.front().depth == 0 && [&] {
    for (size_t i = 1; i < lines.size(); ++i) {
      if (lines[i].depth == 0) return false;
    }
    return true;
  }();
  size_t first = 0;
  if (singleRoot) {
    root.methodId = lines[0].methodId;
    root.count = lines[0].count;
    root.costMs = lines[0].costMs;
    first = 1;
  }
  // Children vectors may reallocate, so the path holds indexes re-resolved from the root.
  std::vector<size_t> indexPath;   // child index at each level below the root
  std::vector<int32_t> depthPath;  // stack depth of each level
  for (size_t i = first; i < lines.size(); ++i) {
    const StackLine& l = lines[i];
    while (!depthPath.empty() && depthPath.back() >= l.depth) {
      depthPath.pop_back();
      indexPath.pop_back();
    }
    CallNode* parent = &root;
    for (size_t k : indexPath) parent = &parent->children[k];
    CallNode node;
    node.methodId = l.methodId;
    node.count = l.count;
    node.costMs = l.costMs;
    parent->children.push_back(std::move(node));
    indexPath.push_back(parent->children.size() - 1);
    depthPath.push_back(l.depth);
  }
  if (!singleRoot) {
    for (const CallNode& c : root.children) root.costMs += c.costMs;
    root.count = 1;
  }
  computeSelf(root);
  return root;
}

int64_t stackKeyMethodId(std::string_view key) {
  while (!key.empty() && (key.back() == '\n' || key.back() == '|' || key.back() == '\r')) key.remove_suffix(1);
  if (key.find(',') != std::string_view::npos) {
    // Old form: a whole stack line.
    auto parsed = parseStackLines(key);
    return parsed.ok() && !parsed->empty() ? parsed->front().methodId : -1;
  }
  const size_t bar = key.find('|');
  if (bar != std::string_view::npos) key = key.substr(0, bar);
  int64_t id = -1;
  return parseInt(key, id) ? id : -1;
}

void decodeCallTree(CallNode& root, const MethodMapping* mapping, int64_t stackKeyId) {
  nameAll(root, mapping);
  if (stackKeyId >= 0) markFirst(root, stackKeyId);
}

}  // namespace mxi::core::matrix
