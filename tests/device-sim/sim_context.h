// What every simulated service needs to know about the simulated device.
#pragma once

#include <atomic>
#include <cstdint>
#include <memory>
#include <string>

#include "tests/device-sim/sim_abi.h"

namespace mxi::sim {

struct SimContext {
  std::string root;        // sandbox directory: the device's "/" for sync and local sockets
  std::string serial;      // reported to shell commands as $ANDROID_SERIAL / ro.serialno
  SimAbi abi = hostAbi();  // what getprop/uname report and which binaries run (through qemu)
  bool verbose = false;
  // The cable pulled mid-push: after this many bytes of one SEND the connection drops (0: never).
  uint64_t dropAfterSyncBytes = 0;
  // The cable pulled mid-pull: after this many bytes of one RECV the connection drops (0: never).
  uint64_t dropAfterPullBytes = 0;
  std::shared_ptr<std::atomic<bool>> dropConnection;  // per connection: set to drop it
};

// Device path → host path under the root ("/data/local/tmp/x" → "<root>/data/local/tmp/x").
// ".." cannot climb above the root; relative paths are taken from "/".
std::string mapDevicePath(const SimContext& ctx, const std::string& devicePath);

// Rewrites absolute device paths under /data, /sdcard and /storage that start a word in a
// shell command to their sandbox location, so `/data/local/tmp/agent` runs the pushed file.
std::string rewriteDevicePaths(const SimContext& ctx, const std::string& command);

void logLine(const SimContext& ctx, const std::string& line);

}  // namespace mxi::sim
