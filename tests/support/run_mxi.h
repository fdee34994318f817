// Runs the built `mxi` (test_paths.h's cliPath(), or $MXI_CLI) with `args`.
#pragma once

#include "tests/support/programs.h"
#include "tests/support/test_paths.h"

namespace mxi::test {

inline ProgramRun runMxi(std::vector<std::string> args, const RunOptions& options = {}) {
  args.insert(args.begin(), cliPath());
  return runProgram(args, options);
}

}  // namespace mxi::test
