// Options and loading shared by every command that reads a heap dump.
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "app/cli/cli_common.h"
#include "app/cli/phase_timings.h"
#include "core/hprof/heap_index.h"

namespace mxi::cli {

struct DumpOptions {
  std::string path;
  uint64_t maxInflateBytes = 0;  // 0 = the engine's default cap
  unsigned threads = 0;
  bool quiet = false;
  bool timings = false;
};

// Adds the DUMP positional and --max-inflate/--threads/--quiet/--timings to a command.
void addDumpOptions(CLI::App& command, DumpOptions& options);

struct LoadedDump {
  std::shared_ptr<const core::hprof::HeapIndex> index;
  double openMs = 0;            // mapping/inflating, before indexing
  PhaseTimings timings{false};  // --timings: "open" and "index" are done; commands lap their own phases
};

core::StatusOr<LoadedDump> loadDump(const DumpOptions& options);

std::string humanBytes(uint64_t bytes);
// Each phase's wall and CPU milliseconds and resident MiB at its end (anonymous, file-backed,
// peak so far), for `--format json` (docs/PERFORMANCE.md reads them).
nlohmann::ordered_json phasesToJson(const std::vector<core::PhaseCost>& phases);
// An object id as users type it: 0x-prefixed hex or decimal.
std::optional<core::hprof::ObjectId> parseObjectId(const std::string& text);
// Which heaps count for retained bytes, from --exclude-heap names (unknown name: error).
core::StatusOr<std::vector<bool>> countedHeaps(const core::hprof::HeapIndex& index,
                                               const std::vector<std::string>& excluded);

}  // namespace mxi::cli
