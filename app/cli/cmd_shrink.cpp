// `mxi shrink IN OUT`: a smaller dump with the same leaks and bitmaps (Matrix HprofBufferShrinker
// semantics, docs/BITMAPS.md), optionally as a Matrix upload zip.
#include <cstdio>
#include <filesystem>

#include <nlohmann/json.hpp>

#include "app/cli/commands.h"
#include "app/cli/dump_loading.h"
#include "core/analysis/hprof_shrink.h"
#include "core/hprof/matrix_upload_zip.h"

namespace mxi::cli {

void registerShrinkCommand(CLI::App& root, int& exitCode) {
  auto* cmd = root.add_subcommand("shrink", "Shrink a dump for upload: drop array contents except strings and bitmaps");
  struct Args {
    DumpOptions dump;
    std::string out;
    bool zip = false;
    std::string key, sdkVersion, manufacturer;
    OutputFormat format = OutputFormat::kText;
  };
  auto args = std::make_shared<Args>();
  addDumpOptions(*cmd, args->dump, MappingOption::kNone);  // copies the dump: no names printed
  cmd->add_option("OUT", args->out, "Output file (.hprof, or the zip with --zip)")->required();
  cmd->add_flag("--zip", args->zip, "Write a Matrix ResourceCanary upload zip (result.info + the shrunk hprof)");
  cmd->add_option("--key", args->key, "leakedActivityKey for result.info (default: the input's, if a Matrix zip)");
  cmd->add_option("--sdk-version", args->sdkVersion, "sdkVersion for result.info (default: the input's, else unknown)");
  cmd->add_option("--manufacturer", args->manufacturer,
                  "manufacturer for result.info (default: the input's, else unknown)");
  addFormatOption(*cmd, args->format);
  setCommandBody(*cmd, exitCode, "shrink", [args]() -> CommandResult {
    ASSIGN_OR_RETURN(auto loaded, loadDump(args->dump));
    const auto& ix = *loaded.index;
    const std::string hprofPath = args->zip ? args->out + ".hprof.part" : args->out;
    FILE* file = std::fopen(hprofPath.c_str(), "wb");
    if (!file) return core::ioError("cannot create " + hprofPath);
    TerminalProgress progress(!args->dump.quiet);
    const auto start = std::chrono::steady_clock::now();
    auto stats = core::analysis::shrinkDump(
        ix,
        [&](std::span<const uint8_t> chunk) {
          return std::fwrite(chunk.data(), 1, chunk.size(), file) == chunk.size()
                     ? core::okStatus()
                     : core::ioError("writing " + hprofPath);
        },
        progress, processCancelToken());
    const bool closed = std::fclose(file) == 0;
    const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    if (!stats.ok() || !closed) {
      std::filesystem::remove(hprofPath);
      return about(args->dump.path, stats.ok() ? core::ioError("writing " + hprofPath) : stats.status());
    }
    if (args->zip) {
      core::hprof::MatrixResultInfo info;
      const auto* input = ix.source().matrixInfo();
      info.leakedActivityKey = !args->key.empty() ? args->key : input ? input->leakedActivityKey : "";
      info.sdkVersion = !args->sdkVersion.empty() ? args->sdkVersion : input ? input->sdkVersion : "unknown";
      info.manufacturer = !args->manufacturer.empty() ? args->manufacturer : input ? input->manufacturer : "unknown";
      info.hprofEntry = std::filesystem::path(args->dump.path).stem().string() + "_shrink.hprof";
      const core::Status zipped = core::hprof::writeMatrixUploadZip(args->out, hprofPath, info);
      std::filesystem::remove(hprofPath);
      if (!zipped.ok()) return about(args->out, zipped);
    }
    const uint64_t outBytes = std::filesystem::file_size(args->out);
    const double ratio = stats->inputBytes ? static_cast<double>(outBytes) / static_cast<double>(stats->inputBytes) : 0;
    if (args->format == OutputFormat::kJson) {
      nlohmann::ordered_json j;
      j["input"] = args->dump.path;
      j["output"] = args->out;
      j["inputBytes"] = stats->inputBytes;
      j["hprofBytes"] = stats->outputBytes;
      j["outputBytes"] = outBytes;
      j["ratio"] = ratio;
      j["arraysEmptied"] = stats->arraysEmptied;
      j["arrayBytesDropped"] = stats->arrayBytesDropped;
      j["stringArraysKept"] = stats->stringArraysKept;
      j["bitmapBuffersKept"] = stats->bitmapBuffersKept;
      j["duplicateBitmapBuffers"] = stats->duplicateBitmapBuffers;
      j["shrinkMs"] = seconds * 1000;
      printJson(j);
    } else {
      std::printf("%s → %s: %s → %s (%.1f%%) in %.2f s (%.0f MB/s)\n", args->dump.path.c_str(), args->out.c_str(),
                  humanBytes(stats->inputBytes).c_str(), humanBytes(outBytes).c_str(), ratio * 100, seconds,
                  seconds > 0 ? static_cast<double>(stats->inputBytes) / 1e6 / seconds : 0.0);
      std::printf(
          "  %llu arrays emptied (%s), %llu string arrays kept, %llu bitmap buffers kept, %llu duplicate "
          "buffers merged\n",
          static_cast<unsigned long long>(stats->arraysEmptied), humanBytes(stats->arrayBytesDropped).c_str(),
          static_cast<unsigned long long>(stats->stringArraysKept),
          static_cast<unsigned long long>(stats->bitmapBuffersKept),
          static_cast<unsigned long long>(stats->duplicateBitmapBuffers));
    }
    return 0;
  });
}

}  // namespace mxi::cli
