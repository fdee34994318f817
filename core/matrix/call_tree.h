// Matrix evil-method stacks (`depth,methodId,count,costMs` lines) as a call tree with total and
// self cost. Matrix trims and quantizes these stacks; see docs/TRACE.md for what that means here.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "core/base/status.h"
#include "core/matrix/method_mapping.h"

namespace mxi::core::matrix {

struct StackLine {
  int32_t depth = 0;
  int64_t methodId = 0;
  int64_t count = 0;
  int64_t costMs = 0;
};

struct CallNode {
  int64_t methodId = -1;  // -1 for a synthetic root over several top-level entries
  std::string name;       // decoded name (empty until decodeCallTree)
  int64_t count = 0;
  int64_t costMs = 0;  // total (inclusive) as Matrix measured it
  int64_t selfMs = 0;  // cost minus the children's costs, never negative
  bool isStackKey = false;
  std::vector<CallNode> children;
};

// Parses the `stack` string. A malformed line fails with its byte offset in `stack`.
StatusOr<std::vector<StackLine>> parseStackLines(std::string_view stack);

// Builds the tree: a line at depth d is a child of the closest earlier line at depth < d.
// When there is not exactly one depth-0 line first, a synthetic root (methodId -1) holds the
// top-level entries and their summed cost.
CallNode buildCallTree(const std::vector<StackLine>& lines);

// The method id in a stackKey: "152876|" (2.x), "83033\n" or "0,30,1,56\n" (old releases).
int64_t stackKeyMethodId(std::string_view stackKey);

// Names every node and flags the first node (pre-order) whose id is the stackKey method.
void decodeCallTree(CallNode& root, const MethodMapping* mapping, int64_t stackKeyId);

}  // namespace mxi::core::matrix
