// libFuzzer target for core/zip (the APK checker reads every package through it): open the bytes
// as an archive, then read every entry within small inflation limits, its raw data, and the APK
// Signing Block. Cut archives, forged sizes and offsets must give problems or errors, never UB.
#include <cstddef>
#include <cstdint>
#include <string>

#include "core/zip/zip_archive.h"

using namespace mxi::core;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  auto archive = zip::ZipArchive::fromBytes(std::string(reinterpret_cast<const char*>(data), size), "fuzz.zip");
  if (!archive.ok()) return 0;
  // Small enough that a forged size cannot make one input cost much time or memory.
  const zip::InflateLimits limits{.maxBytes = 4u << 20, .maxRatio = 2000};
  uint64_t sink = archive->problems().size();
  for (const zip::ZipEntry& entry : archive->entries()) {
    const auto bytes = archive->read(entry, limits);
    sink += bytes.ok() ? bytes->size() : bytes.status().message().size();
    sink += archive->rawData(entry).size() + (entry.isDirectory() ? 1 : 0);
    if (const zip::ZipEntry* same = archive->find(entry.name)) sink += same->size;
  }
  if (const auto block = archive->signingBlock()) sink += block->ids.size() + block->size;
  volatile uint64_t keep = sink;
  (void)keep;
  return 0;
}
