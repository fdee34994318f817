// `mxi histogram DUMP`: instances and shallow bytes per class, biggest first.
#include <cstdio>

#include <nlohmann/json.hpp>

#include "app/cli/commands.h"
#include "app/cli/dump_loading.h"
#include "core/hprof/class_histogram.h"
#include "core/hprof/heap_list.h"

namespace mxi::cli {

void registerHistogramCommand(CLI::App& root, int& exitCode) {
  auto* cmd = root.add_subcommand("histogram", "Class histogram: instance count and shallow bytes per class");
  struct Args {
    DumpOptions dump;
    OutputFormat format = OutputFormat::kText;
    size_t top = 0;
    std::string heap;
  };
  auto args = std::make_shared<Args>();
  addDumpOptions(*cmd, args->dump);
  addFormatOption(*cmd, args->format);
  cmd->add_option("--top", args->top, "Show only the N biggest classes (default: all)");
  cmd->add_option("--heap", args->heap, "Only objects of this heap (Android: app, image, zygote, default)");
  setCommandBody(*cmd, exitCode, "histogram", [args]() -> CommandResult {
    ASSIGN_OR_RETURN(auto loaded, loadDump(args->dump));
    const auto& ix = *loaded.index;
    std::optional<uint8_t> heap;
    if (!args->heap.empty()) {
      heap = ix.findHeap(args->heap);
      if (!heap) {
        return about(args->dump.path, core::notFound("no heap named '" + args->heap +
                                                     "' (this dump has: " + core::hprof::listedHeapNames(ix) + ")"));
      }
    }
    auto rows = core::hprof::classHistogram(ix, heap);
    uint64_t totalCount = 0, totalBytes = 0;
    for (const auto& r : rows) {
      totalCount += r.count;
      totalBytes += r.shallowBytes;
    }
    const size_t shown = args->top ? std::min(args->top, rows.size()) : rows.size();
    if (args->format == OutputFormat::kJson) {
      nlohmann::ordered_json j;
      j["file"] = ix.source().path();
      j["heap"] = args->heap.empty() ? nlohmann::ordered_json(nullptr) : nlohmann::ordered_json(args->heap);
      j["totalClasses"] = rows.size();
      j["totalCount"] = totalCount;
      j["totalShallowBytes"] = totalBytes;
      auto out = nlohmann::ordered_json::array();
      for (size_t i = 0; i < shown; ++i) {
        out.push_back(
            {{"className", rows[i].className}, {"count", rows[i].count}, {"shallowBytes", rows[i].shallowBytes}});
      }
      j["rows"] = out;
      printJson(j);
    } else {
      std::printf("%12s %16s  %s\n", "count", "shallow bytes", "class");
      for (size_t i = 0; i < shown; ++i) {
        std::printf("%12llu %16llu  %s\n", static_cast<unsigned long long>(rows[i].count),
                    static_cast<unsigned long long>(rows[i].shallowBytes), rows[i].className.c_str());
      }
      std::printf("%12llu %16llu  total (%zu classes%s)\n", static_cast<unsigned long long>(totalCount),
                  static_cast<unsigned long long>(totalBytes), rows.size(),
                  shown < rows.size() ? (", " + std::to_string(shown) + " shown").c_str() : "");
    }
    return 0;
  });
}

}  // namespace mxi::cli
