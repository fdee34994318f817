// Options and loading shared by every command that reads a heap dump.
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "app/cli/cli_common.h"
#include "core/hprof/heap_index.h"

namespace mxi::cli {

struct DumpOptions {
  std::string path;
  std::string mapping;           // --mapping: R8/ProGuard mapping.txt of the build the dump came from
  uint64_t maxInflateBytes = 0;  // 0 = the engine's default cap
  unsigned threads = 0;
  bool quiet = false;
};

// Adds the DUMP positional and --max-inflate/--threads/--quiet to a command, and --mapping to
// those that print class or field names.
enum class MappingOption { kNone, kMapping };
void addDumpOptions(CLI::App& command, DumpOptions& options, MappingOption mapping = MappingOption::kMapping);
// Adds an option naming an R8/ProGuard mapping.txt (--mapping, `mxi diff`'s --mapping-b).
void addMappingOption(CLI::App& command, const std::string& name, std::string& path, const std::string& help);

struct LoadedDump {
  std::shared_ptr<const core::hprof::HeapIndex> index;
  double openMs = 0;        // mapping/inflating, before indexing
  std::string mappingPath;  // the mapping applied, if any
};

// Opens and indexes the dump, then applies its mapping (source names in every view). A mapping
// that renames none of the dump's classes is reported on stderr: likely another build's.
core::StatusOr<LoadedDump> loadDump(const DumpOptions& options);

std::string humanBytes(uint64_t bytes);
// An object id as users type it: 0x-prefixed hex or decimal.
std::optional<core::hprof::ObjectId> parseObjectId(const std::string& text);
// Which heaps count for retained bytes, from --exclude-heap names (unknown name: error).
core::StatusOr<std::vector<bool>> countedHeaps(const core::hprof::HeapIndex& index,
                                               const std::vector<std::string>& excluded);

}  // namespace mxi::cli
