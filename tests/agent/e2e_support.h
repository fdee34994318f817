// What the end-to-end tests share: the environment that points mxi at one simulated phone, and
// reading back what a recorded session holds. Running programs: tests/support/programs.h.
#pragma once

#include <sys/types.h>

#include <cstdint>
#include <filesystem>
#include <functional>
#include <string>
#include <vector>

#include "core/session/frame_gaps.h"
#include "tests/agent/replayed_capture.h"
#include "tests/support/programs.h"

namespace mxi::test {

// What `mxi` needs to reach one phone through a private adb server (`adbEnvironment`, from
// PrivateAdbServer::environment()) and deploy `agent`: ANDROID_SERIAL (when given) and MXI_AGENT_PATH.
std::vector<std::string> mxiEnvironment(std::vector<std::string> adbEnvironment, const std::string& serial,
                                        const std::string& agent);

struct Recorded {
  SceneHistogram histogram;  // unflagged frames per scene and drop level
  uint64_t frames = 0;
  std::vector<std::string> issues, anrs, heapDumps;  // heapDumps: paths
  std::vector<int64_t> issueTimesNs;
  std::vector<core::session::SessionFrameGap> frameGaps;
  std::vector<std::string> marks;
};

// Reads the whole session (failing the test when it cannot be read or was torn).
Recorded readSession(const std::filesystem::path& path);

}  // namespace mxi::test
