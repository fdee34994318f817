// Heap dump on request: `am dumpheap [-g] [-b FORMAT] <pid> <file in the agent's dir>`, wait until
// the file stops growing, optionally shrink it with core's shrinker (as `mxi shrink` does), stream
// it as independently zlib-compressed chunks, delete it.
#pragma once

#include <functional>
#include <string>

#include "core/base/status.h"
#include "core/protocol/messages.h"
#include "device-agent/src/tool_box.h"

namespace mxi::agent {

// `am dumpheap -b png|jpg|webp` (bitmap pixels compressed into the dump) exists from Android 15
// (API 35: ActivityManagerShellCommand.runDumpHeap and IActivityManager.dumpHeap's dumpBitmaps);
// older `am` refuses the option, so the agent leaves it out there.
inline constexpr uint32_t kMinSdkForBitmapDump = 35;

struct HeapDumpJob {
  uint32_t requestId = 0;
  int pid = 0;
  bool gcFirst = false;
  core::protocol::BitmapFormat bitmaps = core::protocol::BitmapFormat::kNone;  // only where supported
  bool shrink = false;
  std::string dataDir;
  int stableMs = 1000;
};

// `send` returns false when the client is gone (the dump is then abandoned and deleted).
// The dump at `path` shrunk into `shrunkPath` (mode 0600); returns the shrunk size.
core::StatusOr<uint64_t> shrinkDumpFile(const std::string& path, const std::string& shrunkPath);

core::Status runHeapDump(const ToolBox& tools, const HeapDumpJob& job,
                         const std::function<bool(const core::protocol::Message&)>& send);

}  // namespace mxi::agent
