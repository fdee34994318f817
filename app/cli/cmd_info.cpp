// `mxi info DUMP`: what the dump is and what is in it, at a glance.
#include <cstdio>
#include <ctime>
#include <map>

#include <nlohmann/json.hpp>

#include "app/cli/commands.h"
#include "app/cli/dump_loading.h"

namespace mxi::cli {

namespace {

using core::hprof::HeapIndex;
using core::hprof::RootKind;

// "JNI global" → "jni_global": stable JSON keys for scripts.
std::string rootKindKey(RootKind kind) {
  std::string key(core::hprof::rootKindName(kind));
  for (char& c : key) c = c == ' ' ? '_' : static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return key;
}

const char* containerName(core::hprof::ContainerKind kind) {
  switch (kind) {
    case core::hprof::ContainerKind::kPlain: return "plain";
    case core::hprof::ContainerKind::kGzip: return "gzip";
    case core::hprof::ContainerKind::kZip: return "zip";
  }
  return "?";
}

nlohmann::ordered_json toJson(const LoadedDump& loaded) {
  const HeapIndex& ix = *loaded.index;
  const auto& s = ix.stats();
  nlohmann::ordered_json j;
  j["file"] = ix.source().path();
  j["container"] = containerName(ix.source().container());
  if (!ix.source().entryName().empty()) j["zipEntry"] = ix.source().entryName();
  j["format"] = s.format;
  j["idSize"] = s.idSize;
  j["timestampMs"] = s.timestampMs;
  j["dumpBytes"] = s.fileBytes;
  j["objects"] = ix.objectCount();
  j["instances"] = s.instances;
  j["objectArrays"] = s.objectArrays;
  j["primitiveArrays"] = s.primitiveArrays;
  j["primitiveArraysWithoutData"] = s.primitiveArraysWithoutData;
  j["classes"] = s.classes;
  j["strings"] = s.strings;
  j["references"] = s.references;
  j["danglingReferences"] = s.danglingReferences;
  std::map<std::string, uint64_t> roots;
  for (const auto& r : ix.roots()) roots[rootKindKey(r.kind)]++;
  j["gcRoots"] = roots;
  j["gcRootsTotal"] = ix.roots().size();
  auto heaps = nlohmann::ordered_json::array();
  for (const auto& h : ix.heaps()) {
    heaps.push_back({{"name", h.name}, {"id", h.id}, {"objects", h.objects}, {"shallowBytes", h.shallowBytes}});
  }
  j["heaps"] = heaps;
  j["threads"] = ix.threads().size();
  j["indexBytes"] = s.indexBytes;
  nlohmann::ordered_json timings;
  timings["open"] = loaded.openMs;
  double total = loaded.openMs;
  for (const auto& [phase, ms] : s.timingsMs) {
    timings[phase] = ms;
    total += ms;
  }
  timings["total"] = total;
  j["timingsMs"] = timings;
  if (const auto* m = ix.source().matrixInfo()) {
    j["matrix"] = {{"hprofEntry", m->hprofEntry},
                   {"leakedActivityKey", m->leakedActivityKey},
                   {"sdkVersion", m->sdkVersion},
                   {"manufacturer", m->manufacturer}};
  }
  if (!loaded.mappingPath.empty()) {
    j["mapping"] = {{"file", loaded.mappingPath},
                    {"classesRenamed", s.renamed.classes},
                    {"fieldsRenamed", s.renamed.fields},
                    {"framesRenamed", s.renamed.frames}};
  }
  j["warnings"] = s.warnings;
  return j;
}

void printText(const LoadedDump& loaded) {
  const HeapIndex& ix = *loaded.index;
  const auto& s = ix.stats();
  std::printf("File        %s", ix.source().path().c_str());
  if (ix.source().container() != core::hprof::ContainerKind::kPlain) {
    std::printf(" (%s%s%s)", containerName(ix.source().container()), ix.source().entryName().empty() ? "" : ", entry ",
                ix.source().entryName().c_str());
  }
  std::printf("\nFormat      %s, %u-byte ids, %s", s.format.c_str(), s.idSize, humanBytes(s.fileBytes).c_str());
  if (s.timestampMs) {
    const time_t t = static_cast<time_t>(s.timestampMs / 1000);
    char when[64];
    std::strftime(when, sizeof when, "%Y-%m-%d %H:%M:%S UTC", std::gmtime(&t));
    std::printf(", dumped %s", when);
  }
  std::printf("\nObjects     %u: %llu instances, %llu object arrays, %llu primitive arrays, %llu classes\n",
              ix.objectCount(), static_cast<unsigned long long>(s.instances),
              static_cast<unsigned long long>(s.objectArrays), static_cast<unsigned long long>(s.primitiveArrays),
              static_cast<unsigned long long>(s.classes));
  std::printf("References  %llu", static_cast<unsigned long long>(s.references));
  if (s.danglingReferences) {
    std::printf(" (+%llu to objects not in the dump)", static_cast<unsigned long long>(s.danglingReferences));
  }
  std::printf("\nGC roots    %zu\n", ix.roots().size());
  std::map<std::string, uint64_t> roots;
  for (const auto& r : ix.roots()) roots[std::string(core::hprof::rootKindName(r.kind))]++;
  for (const auto& [kind, count] : roots)
    std::printf("  %-20s %llu\n", kind.c_str(), static_cast<unsigned long long>(count));
  std::printf("Heaps\n");
  for (const auto& h : ix.heaps()) {
    std::printf("  %-20s %llu objects, %s\n", h.name.c_str(), static_cast<unsigned long long>(h.objects),
                humanBytes(h.shallowBytes).c_str());
  }
  std::printf("Threads     %zu\n", ix.threads().size());
  std::printf("Index       %s (%.2fx the dump)\n", humanBytes(s.indexBytes).c_str(),
              s.fileBytes ? static_cast<double>(s.indexBytes) / static_cast<double>(s.fileBytes) : 0.0);
  double total = loaded.openMs;
  std::printf("Timings     open %.0f ms", loaded.openMs);
  for (const auto& [phase, ms] : s.timingsMs) {
    std::printf(", %s %.0f ms", phase.c_str(), ms);
    total += ms;
  }
  std::printf(" (total %.0f ms)\n", total);
  if (const auto* m = ix.source().matrixInfo()) {
    std::printf("Matrix      sdkVersion %s, manufacturer %s, leakedActivityKey %s\n", m->sdkVersion.c_str(),
                m->manufacturer.c_str(), m->leakedActivityKey.c_str());
  }
  if (!loaded.mappingPath.empty()) {
    std::printf("Mapping     %s: %llu classes, %llu fields, %llu frames renamed\n", loaded.mappingPath.c_str(),
                static_cast<unsigned long long>(s.renamed.classes), static_cast<unsigned long long>(s.renamed.fields),
                static_cast<unsigned long long>(s.renamed.frames));
  }
  for (const auto& w : s.warnings) std::printf("warning: %s\n", w.c_str());
}

}  // namespace

void registerInfoCommand(CLI::App& root, int& exitCode) {
  auto* cmd = root.add_subcommand("info", "Summarize a heap dump: format, object counts, GC roots, heaps, timings");
  auto options = std::make_shared<DumpOptions>();
  auto format = std::make_shared<OutputFormat>(OutputFormat::kText);
  addDumpOptions(*cmd, *options);
  addFormatOption(*cmd, *format);
  setCommandBody(*cmd, exitCode, "info", [options, format]() -> CommandResult {
    ASSIGN_OR_RETURN(auto loaded, loadDump(*options));
    if (*format == OutputFormat::kJson) {
      printJson(toJson(loaded));
    } else {
      printText(loaded);
    }
    return 0;
  });
}

}  // namespace mxi::cli
