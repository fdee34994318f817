#include "app/cli/dump_loading.h"

#include <chrono>
#include <cstdio>

#include "core/base/byte_units.h"
#include "core/hprof/heap_list.h"

namespace mxi::cli {

void addDumpOptions(CLI::App& command, DumpOptions& options) {
  command.add_option("DUMP", options.path, "Heap dump: .hprof, .hprof.gz or a zip (Matrix upload zip)")->required();
  command.add_option("--max-inflate", options.maxInflateBytes,
                     "Refuse to decompress more than this many bytes (default 64 GiB)");
  command.add_option("--threads", options.threads, "Worker threads for indexing (default: all cores)");
  addQuietFlag(command, options.quiet);
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
  ASSIGN_OR_RETURN(loaded.index, core::hprof::HeapIndex::build(std::move(source), indexOptions, progress, cancel));
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
    // A heap the format knows but this dump leaves empty (Android's `default`) is accepted:
    // excluding it changes nothing, and scripts can pass one list for every dump.
    if (!heap) {
      return core::notFound("no heap named '" + name +
                            "' in this dump (it has: " + core::hprof::listedHeapNames(index) + ")");
    }
    counted[*heap] = false;
  }
  return counted;
}

}  // namespace mxi::cli
