// A line of a captured text that a parser skipped, and why (framestats rows, Matrix issues, ANR
// dumps): parsers keep going and report these instead of failing the whole capture.
#pragma once

#include <cstdint>
#include <string>

namespace mxi::core {

struct ParseProblem {
  uint64_t line = 0;    // 1-based
  uint64_t offset = 0;  // byte offset of the line
  std::string message;
};

}  // namespace mxi::core
