#include "core/methodtrace/method_trace_tree.h"

#include <algorithm>
#include <unordered_map>

namespace mxi::core::methodtrace {

namespace {

// Adds calls [first, end) below tree node 0, whose own call (if any) is `rootCall`.
void mergeCalls(const TraceThread& thread, uint32_t first, uint32_t end, uint32_t rootCall, TraceTree& tree) {
  // Node of each call in the range; a call's parent is either rootCall/none (→ node 0) or earlier.
  std::vector<uint32_t> nodeOf(end - first);
  std::unordered_map<uint64_t, uint32_t> child;  // (parent node << 32 | method) → node
  for (uint32_t i = first; i < end; ++i) {
    const TraceCall& c = thread.calls[i];
    const uint32_t parentNode =
        c.parent == rootCall || c.parent == kNoCall || c.parent < first ? 0 : nodeOf[c.parent - first];
    const uint64_t key = (uint64_t{parentNode} << 32) | c.method;
    auto [it, added] = child.try_emplace(key, static_cast<uint32_t>(tree.nodes.size()));
    if (added) {
      TraceTree::Node n;
      n.method = c.method;
      n.parent = parentNode;
      n.firstCall = i;
      tree.nodes.push_back(std::move(n));
      tree.nodes[parentNode].children.push_back(it->second);
    }
    TraceTree::Node& n = tree.nodes[it->second];
    ++n.calls;
    n.wallUs += c.wallUs;
    n.cpuUs += c.cpuUs;
    nodeOf[i - first] = it->second;
  }
}

void finish(TraceTree& tree) {
  for (TraceTree::Node& n : tree.nodes) {
    uint64_t wall = 0, cpu = 0;
    for (uint32_t k : n.children) {
      wall += tree.nodes[k].wallUs;
      cpu += tree.nodes[k].cpuUs;
    }
    n.selfWallUs = n.wallUs - std::min(n.wallUs, wall);
    n.selfCpuUs = n.cpuUs - std::min(n.cpuUs, cpu);
  }
  for (TraceTree::Node& n : tree.nodes) {
    std::stable_sort(n.children.begin(), n.children.end(),
                     [&](uint32_t a, uint32_t b) { return tree.nodes[a].wallUs > tree.nodes[b].wallUs; });
  }
}

}  // namespace

TraceTree callTreeOf(const TraceThread& thread, uint32_t root) {
  TraceTree tree;
  const TraceCall& r = thread.calls[root];
  TraceTree::Node top;
  top.method = r.method;
  top.calls = 1;
  top.firstCall = root;
  top.wallUs = r.wallUs;
  top.cpuUs = r.cpuUs;
  tree.nodes.push_back(std::move(top));
  mergeCalls(thread, root + 1, r.next, root, tree);
  finish(tree);
  return tree;
}

TraceTree callTreeOf(const TraceThread& thread) {
  TraceTree tree;
  tree.nodes.emplace_back();
  mergeCalls(thread, 0, static_cast<uint32_t>(thread.calls.size()), kNoCall, tree);
  for (uint32_t k : tree.nodes[0].children) {
    tree.nodes[0].wallUs += tree.nodes[k].wallUs;
    tree.nodes[0].cpuUs += tree.nodes[k].cpuUs;
  }
  tree.nodes[0].calls = 1;
  finish(tree);
  return tree;
}

std::string matrixStackOf(const TraceTree& tree, size_t maxLines, uint64_t minCostUs) {
  // Slowest first; a caller is never faster than its callee, so the kept set stays a tree.
  std::vector<uint32_t> order;
  for (uint32_t i = 0; i < tree.nodes.size(); ++i) {
    if (tree.nodes[i].method != kNoCall && (i == 0 || tree.nodes[i].wallUs >= minCostUs)) order.push_back(i);
  }
  std::stable_sort(order.begin(), order.end(),
                   [&](uint32_t a, uint32_t b) { return tree.nodes[a].wallUs > tree.nodes[b].wallUs; });
  std::vector<char> keep(tree.nodes.size(), 0);
  size_t kept = 0;
  for (uint32_t i : order) {
    if (kept == maxLines) break;
    const uint32_t p = tree.nodes[i].parent;
    if (p != kNoCall && tree.nodes[p].method != kNoCall && !keep[p]) continue;
    keep[i] = 1;
    ++kept;
  }
  std::string out;
  // Pre-order, iteratively (call trees can be thousands deep).
  std::vector<std::pair<uint32_t, int>> todo{{0, tree.nodes[0].method == kNoCall ? -1 : 0}};
  while (!todo.empty()) {
    auto [i, depth] = todo.back();
    todo.pop_back();
    const TraceTree::Node& n = tree.nodes[i];
    if (depth >= 0) {
      if (!keep[i]) continue;
      out += std::to_string(depth) + "," + std::to_string(n.method) + "," + std::to_string(n.calls) + "," +
             std::to_string(n.wallUs / 1000) + "\n";
    }
    for (auto it = n.children.rbegin(); it != n.children.rend(); ++it) todo.push_back({*it, depth + 1});
  }
  return out;
}

}  // namespace mxi::core::methodtrace
