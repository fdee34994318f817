#include "app/cli/dump_loading.h"

#include <chrono>
#include <cstdio>

#include "core/analysis/heap_names.h"
#include "core/base/byte_units.h"

namespace mxi::cli {

void addDumpOptions(CLI::App& command, DumpOptions& options, MappingOption mapping) {
  command.add_option("DUMP", options.path, "Heap dump: .hprof, .hprof.gz or a zip (Matrix upload zip)")->required();
  command.add_option("--max-inflate", options.maxInflateBytes,
                     "Refuse to decompress more than this many bytes (default 64 GiB)");
  command.add_option("--threads", options.threads, "Worker threads for indexing (default: all cores)");
  if (mapping == MappingOption::kMapping) {
    addMappingOption(command, "--mapping", options.mapping,
                     "R8/ProGuard mapping.txt of the app build the dump came from: classes, fields and "
                     "frames shown by their source names");
  }
  addQuietFlag(command, options.quiet);
}

void addMappingOption(CLI::App& command, const std::string& name, std::string& path, const std::string& help) {
  command.add_option(name, path, help)->type_name("FILE");
}

core::StatusOr<LoadedDump> loadDump(const DumpOptions& options) {
  TerminalProgress progress(!options.quiet);
  const auto& cancel = processCancelToken();
  core::hprof::OpenOptions open;
  open.maxDecompressedBytes = options.maxInflateBytes;
  const auto start = std::chrono::steady_clock::now();
  ASSIGN_OR_RETURN(auto source, core::hprof::openDump(options.path, open, progress, cancel));
  LoadedDump loaded;
  loaded.openMs = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
  core::hprof::IndexOptions indexOptions;
  indexOptions.threads = options.threads;
  ASSIGN_OR_RETURN(auto index, core::hprof::HeapIndex::build(std::move(source), indexOptions, progress, cancel));
  if (!options.mapping.empty()) {
    ASSIGN_OR_RETURN(auto mapping, core::analysis::loadMappingFile(options.mapping));
    const auto renamed = core::analysis::applyMapping(*index, *mapping);
    if (renamed.classes == 0) {
      std::fprintf(stderr, "mxi: warning: %s renames no class of %s: is it the mapping of this build?\n",
                   options.mapping.c_str(), options.path.c_str());
    }
    loaded.mappingPath = options.mapping;
  }
  loaded.index = std::move(index);
  return loaded;
}

std::string humanBytes(uint64_t bytes) { return core::bytesText(bytes); }

std::optional<core::hprof::ObjectId> parseObjectId(const std::string& text) {
  try {
    size_t used = 0;
    const unsigned long long v = std::stoull(text, &used, 0);
    if (used != text.size()) return std::nullopt;
    return core::hprof::ObjectId{v};
  } catch (...) {
    return std::nullopt;
  }
}

core::StatusOr<std::vector<bool>> countedHeaps(const core::hprof::HeapIndex& index,
                                               const std::vector<std::string>& excluded) {
  std::vector<bool> counted(index.heaps().size(), true);
  for (const std::string& name : excluded) {
    const auto heap = index.findHeap(name);
    if (!heap) return core::notFound("no heap named '" + name + "' in this dump");
    counted[*heap] = false;
  }
  return counted;
}

}  // namespace mxi::cli
