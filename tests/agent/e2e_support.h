// What the end-to-end tests share: running a program (mxi, an installed copy) with its own
// environment, and reading back what a recorded session holds.
#pragma once

#include <sys/types.h>

#include <cstdint>
#include <filesystem>
#include <functional>
#include <string>
#include <vector>

#include "tests/agent/replayed_capture.h"

namespace mxi::test {

std::string readFile(const std::filesystem::path& p);

struct ProcessRun {
  int exitCode = -1;
  std::string out, err;
};

// Runs argv with extra environment (KEY=VALUE, as PrivateAdbServer::environment() gives it; a
// later setting wins); stdout/stderr captured through files in `scratch`. `whileRunning` is
// called with the child's pid before it is waited for.
ProcessRun runProcess(std::vector<std::string> argv, const std::vector<std::string>& env,
                      const std::filesystem::path& scratch, std::function<void(pid_t)> whileRunning = {});

// What `mxi` needs to reach one phone through a private adb server (`adbEnvironment`, from
// PrivateAdbServer::environment()) and deploy `agent`: ANDROID_SERIAL (when given) and MXI_AGENT_PATH.
std::vector<std::string> mxiEnvironment(std::vector<std::string> adbEnvironment, const std::string& serial,
                                        const std::string& agent);

struct Recorded {
  SceneHistogram histogram;  // unflagged frames per scene and drop level
  uint64_t frames = 0;
  std::vector<std::string> issues, anrs, heapDumps;  // heapDumps: paths
  std::vector<int64_t> issueTimesNs;
};

// Reads the whole session (failing the test when it cannot be read or was torn).
Recorded readSession(const std::filesystem::path& path);

}  // namespace mxi::test
