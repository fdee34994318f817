// Options and loading shared by every command that reads a heap dump.
#pragma once

#include <memory>
#include <string>

#include "app/cli/cli_common.h"
#include "core/hprof/heap_index.h"

namespace mxi::cli {

struct DumpOptions {
  std::string path;
  uint64_t maxInflateBytes = 0;  // 0 = the engine's default cap
  unsigned threads = 0;
  bool quiet = false;
};

// Adds the DUMP positional and --max-inflate/--threads/--quiet to a command.
void addDumpOptions(CLI::App& command, DumpOptions& options);

struct LoadedDump {
  std::shared_ptr<const core::hprof::HeapIndex> index;
  double openMs = 0;  // mapping/inflating, before indexing
};

core::StatusOr<LoadedDump> loadDump(const DumpOptions& options);

std::string humanBytes(uint64_t bytes);

}  // namespace mxi::cli
