// `mxi bitmaps DUMP`: identical bitmaps (same pixels) with what each copy wastes, the shortest
// strong path to every copy and the object holding it; `--export DIR` writes one picture per group.
#include <cstdio>
#include <filesystem>
#include <fstream>

#include "app/cli/commands.h"
#include "app/cli/dump_loading.h"
#include "app/cli/leak_output.h"
#include "core/analysis/bitmaps.h"

namespace mxi::cli {

namespace analysis = core::analysis;

namespace {

// Writes the group's picture: raw pixels as PNG, stored PNG/JPEG/WEBP files as they are.
core::StatusOr<std::string> exportPicture(const analysis::BitmapGroup& group, const analysis::BitmapRecord& bitmap,
                                          const std::string& dir) {
  std::vector<uint8_t> bytes;
  std::string extension = "png";
  if (bitmap.format == analysis::PixelFormat::kRaw) {
    ASSIGN_OR_RETURN(const core::image::RgbaImage picture, analysis::decodeRawBitmap(bitmap));
    ASSIGN_OR_RETURN(bytes, core::image::encodePng(picture));
  } else {
    bytes.assign(bitmap.pixels.begin(), bitmap.pixels.end());
    extension = bitmap.format == analysis::PixelFormat::kJpeg   ? "jpg"
                : bitmap.format == analysis::PixelFormat::kWebp ? "webp"
                                                                : "png";
  }
  const std::string path = (std::filesystem::path(dir) / (group.hash + "." + extension)).string();
  std::ofstream out(path, std::ios::binary);
  out.write(reinterpret_cast<const char*>(bytes.data()), static_cast<std::streamsize>(bytes.size()));
  if (!out) return core::ioError("cannot write " + path);
  return path;
}

}  // namespace

void registerBitmapsCommand(CLI::App& root, int& exitCode) {
  auto* cmd = root.add_subcommand("bitmaps", "Duplicate bitmaps: identical pixels, wasted bytes, who holds each copy");
  struct Args {
    DumpOptions dump;
    OutputFormat format = OutputFormat::kText;
    uint64_t minBytes = 5000;
    std::string exportDir;
  };
  auto args = std::make_shared<Args>();
  addDumpOptions(*cmd, args->dump);
  addFormatOption(*cmd, args->format);
  cmd->add_option("--min-bytes", args->minBytes, "Ignore bitmaps smaller than this (default 5000 bytes)");
  cmd->add_option("--export", args->exportDir, "Write one picture per group into this directory, named by hash");
  setCommandBody(*cmd, exitCode, "bitmaps", [args]() -> CommandResult {
    ASSIGN_OR_RETURN(auto loaded, loadDump(args->dump));
    const auto& ix = *loaded.index;
    TerminalProgress progress(!args->dump.quiet);
    ASSIGN_OR_RETURN(auto report, about(args->dump.path, analysis::findDuplicateBitmaps(ix, {args->minBytes}, progress,
                                                                                        processCancelToken())));
    std::vector<std::string> exported(report.groups.size());
    if (!args->exportDir.empty()) {
      std::error_code ec;
      std::filesystem::create_directories(args->exportDir, ec);
      for (size_t g = 0; g < report.groups.size(); ++g) {
        const auto& group = report.groups[g];
        ASSIGN_OR_RETURN(
            auto path,
            about(args->exportDir, exportPicture(group, report.scan.bitmaps[group.members.front()], args->exportDir)));
        exported[g] = path;
      }
    }
    uint64_t wasted = 0;
    for (const auto& g : report.groups) wasted += g.wastedBytes;
    if (args->format == OutputFormat::kJson) {
      nlohmann::ordered_json j;
      j["file"] = ix.source().path();
      j["bitmaps"] = report.scan.bitmaps.size();
      j["reachable"] = report.reachable;
      j["withPixels"] = report.scan.withPixels;
      j["note"] = report.scan.note;
      j["minBytes"] = args->minBytes;
      j["wastedBytes"] = wasted;
      auto groups = nlohmann::ordered_json::array();
      for (size_t gi = 0; gi < report.groups.size(); ++gi) {
        const auto& g = report.groups[gi];
        nlohmann::ordered_json e;
        e["width"] = g.width;
        e["height"] = g.height;
        e["config"] = analysis::bitmapConfigName(g.config);
        e["pixelFormat"] = analysis::pixelFormatName(g.format);
        e["bytesPerCopy"] = g.bytesPerCopy;
        e["copies"] = g.members.size();
        e["wastedBytes"] = g.wastedBytes;
        e["hash"] = g.hash;
        if (!exported[gi].empty()) e["picture"] = exported[gi];
        auto instances = nlohmann::ordered_json::array();
        for (size_t m = 0; m < g.members.size(); ++m) {
          const auto& b = report.scan.bitmaps[g.members[m]];
          const auto& chain = g.chains[m];
          instances.push_back(
              {{"objectId", hexId(ix.idOf(b.object))},
               {"bufferId", b.buffer == core::hprof::kNoObject ? "" : hexId(ix.idOf(b.buffer))},
               {"holder",
                {{"className", chain[g.holders[m]].className}, {"objectId", hexId(chain[g.holders[m]].objectId)}}},
               {"chain", chainToJson(chain)}});
        }
        e["instances"] = instances;
        groups.push_back(std::move(e));
      }
      j["groups"] = groups;
      printJson(j);
    } else {
      std::printf(
          "%zu bitmap(s), %zu reachable, %zu with pixels; %zu duplicate group(s) of at least %llu bytes wasting %s\n",
          report.scan.bitmaps.size(), report.reachable, report.scan.withPixels, report.groups.size(),
          static_cast<unsigned long long>(args->minBytes), humanBytes(wasted).c_str());
      if (!report.scan.note.empty()) std::printf("note: %s\n", report.scan.note.c_str());
      for (size_t gi = 0; gi < report.groups.size(); ++gi) {
        const auto& g = report.groups[gi];
        std::printf("\n%zu. %u×%u %s (%s), %zu copies × %s, wasting %s, hash %s%s%s\n", gi + 1, g.width, g.height,
                    std::string(analysis::bitmapConfigName(g.config)).c_str(),
                    std::string(analysis::pixelFormatName(g.format)).c_str(), g.members.size(),
                    humanBytes(g.bytesPerCopy).c_str(), humanBytes(g.wastedBytes).c_str(), g.hash.c_str(),
                    exported[gi].empty() ? "" : "\n   picture: ", exported[gi].c_str());
        for (size_t m = 0; m < g.members.size(); ++m) {
          const auto& chain = g.chains[m];
          std::printf("   copy %zu %s held by %s %s\n%s", m + 1,
                      hexId(ix.idOf(report.scan.bitmaps[g.members[m]].object)).c_str(),
                      chain[g.holders[m]].className.c_str(), hexId(chain[g.holders[m]].objectId).c_str(),
                      chainToText(chain).c_str());
        }
      }
    }
    return 0;
  });
}

}  // namespace mxi::cli
