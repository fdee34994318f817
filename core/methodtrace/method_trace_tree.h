// A thread's calls (or one call's callees) merged by path into a call tree with inclusive and
// exclusive wall and CPU time — the view a flame graph or a Matrix evil-method stack gives.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "core/methodtrace/method_trace.h"

namespace mxi::core::methodtrace {

struct TraceTree {
  struct Node {
    uint32_t method = kNoCall;  // index into MethodTrace::methods; kNoCall for the thread's root
    uint32_t parent = kNoCall;
    uint32_t calls = 0;                      // invocations merged here
    uint32_t firstCall = kNoCall;            // the earliest of them, an index into the thread's calls
    uint64_t wallUs = 0, cpuUs = 0;          // inclusive
    uint64_t selfWallUs = 0, selfCpuUs = 0;  // exclusive
    std::vector<uint32_t> children;          // slowest (wall) first
  };
  std::vector<Node> nodes;  // nodes[0] is the root
};

// The calls from `root` through its callees; the root node is that call.
TraceTree callTreeOf(const TraceThread& thread, uint32_t root);
// The whole thread under a synthetic root (method kNoCall) whose time is the sum of its
// top-level calls.
TraceTree callTreeOf(const TraceThread& thread);

// Matrix's evil-method `stack` text (`depth,methodId,count,costMs` lines, pre-order) of a tree,
// with method indices as ids: the `maxLines` slowest nodes (a node's caller always comes with it)
// among those of at least `minCostUs`.
std::string matrixStackOf(const TraceTree& tree, size_t maxLines, uint64_t minCostUs);

}  // namespace mxi::core::methodtrace
