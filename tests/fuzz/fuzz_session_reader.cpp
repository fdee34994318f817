// libFuzzer target for the .mxs reader: the input is a session file (written to a memfd, since
// the reader works on file descriptors). Open (index chain or block walk), summarize, decode
// every block, load (around damaged blocks), check every payload, describe the damage, and export
// what loaded.
#include <sys/mman.h>
#include <unistd.h>

#include <cstddef>
#include <cstdint>
#include <string>

#include "core/exports/chrome_trace.h"
#include "core/exports/html_report.h"
#include "core/session/session_data.h"
#include "core/session/session_reader.h"

using namespace mxi::core;
using namespace mxi::core::session;
using namespace mxi::core::exports;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  static const int fd = memfd_create("fuzz.mxs", 0);
  if (fd < 0 || ftruncate(fd, 0) != 0) return 0;
  if (size && pwrite(fd, data, size, 0) != static_cast<ssize_t>(size)) return 0;
  auto reader = SessionReader::open("/proc/self/fd/" + std::to_string(fd));
  if (!reader.ok()) return 0;
  size_t sink = (*reader)->summarize().records;
  for (size_t i = 0; i < (*reader)->blocks().size(); ++i) {
    auto records = (*reader)->readBlock(i);
    if (records.ok()) sink += records->size();
  }
  NullProgress progress;
  CancelToken cancel;
  auto loaded = loadSession(**reader, progress, cancel);
  (*reader)->checkPayloads();
  for (const auto& damaged : (*reader)->recovery().damagedBlocks) {
    sink += describeDamagedBlock(damaged, (*reader)->header().startMonotonicNs).size();
  }
  if (loaded.ok() && (*loaded)->frames.size() < 100000) {
    sink += sessionToChromeTrace(**loaded).size();
    sink += sessionToHtml(**loaded).size();
  }
  volatile size_t keep = sink;
  (void)keep;
  return 0;
}
