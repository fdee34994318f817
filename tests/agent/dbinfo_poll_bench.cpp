// Driver (not a test) of the dbinfo collector's cost per poll, docs/PERFORMANCE.md "Device agent:
// cost of one SQL poll": what one poll does — run `dumpsys dbinfo PKG` through the agent's ToolBox,
// parse it (core/dbinfo), find the new operations (SqlRingTracker) and encode what would be
// sent — against a stand-in `dumpsys` (a shell script printing a prepared dump: 4 connections,
// full 20-entry rings, 5 new operations per connection each poll), N polls.
// Usage: dbinfo_poll_bench [POLLS (50)]
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "core/dbinfo/dbinfo_text.h"
#include "core/protocol/message_codec.h"
#include "device-agent/src/sql_ring_tracker.h"
#include "device-agent/src/tool_box.h"

namespace fs = std::filesystem;
using namespace mxi;

namespace {

// Connection c's ring after `poll` polls of 5 new operations each, newest first.
std::string dump(int poll) {
  std::string s =
      "** Database info for pid 4242 [com.example.bench] **\n\nConnection pool for "
      "/data/user/0/com.example.bench/databases/bench.db:\n  Open: true\n  Max connections: 4\n";
  for (int c = 0; c < 4; ++c) {
    s += "    Connection #" + std::to_string(c) + ":\n      Most recently executed operations:\n";
    for (int i = 0; i < 20; ++i) {
      const int n = poll * 5 + 19 - i;  // the operation's sequence number
      char line[400];
      std::snprintf(line, sizeof line,
                    "        %d: [2026-11-29 00:%02d:%02d.%03d] executeForCursorWindow took %dms - succeeded, "
                    "sql=\"SELECT id, title, body, updated FROM note WHERE folder = %d AND updated > %d ORDER BY "
                    "updated DESC LIMIT 50\", path=/data/user/0/com.example.bench/databases/bench.db\n",
                    i, (n / 60) % 60, n % 60, (n * 7) % 1000, n % 13, c, n);
      s += line;
    }
  }
  return s;
}

}  // namespace

int main(int argc, char** argv) {
  const int polls = argc > 1 ? std::atoi(argv[1]) : 50;
  const fs::path dir = fs::temp_directory_path() / ("dbinfo_poll_bench." + std::to_string(getpid()));
  fs::create_directories(dir);
  for (int p = 0; p < polls; ++p) std::ofstream(dir / ("dump-" + std::to_string(p))) << dump(p);
  std::ofstream(dir / "dumpsys") << "#!/bin/sh\nn=$(cat " << (dir / "n").string() << " 2>/dev/null || echo 0)\n"
                                 << "echo $((n + 1)) > " << (dir / "n").string() << "\ncat " << dir.string()
                                 << "/dump-$n\n";
  fs::permissions(dir / "dumpsys", fs::perms::owner_all);
  const agent::ToolBox tools(dir.string());
  agent::SqlRingTracker tracker;
  std::vector<double> ms;
  double parseMsSum = 0;  // parse + ring dedupe + encoding, without the tool's run
  size_t dumpBytes = 0, firstBytes = 0, laterBytes = 0, operations = 0;
  for (int p = 0; p < polls; ++p) {
    const auto start = std::chrono::steady_clock::now();
    auto out = tools.run(agent::Tool::kDumpsys, {"dbinfo", "com.example.bench"});
    if (!out.ok()) return std::fprintf(stderr, "%s\n", out.status().toString().c_str()), 1;
    const auto parseStart = std::chrono::steady_clock::now();
    const auto report = core::dbinfo::parseDbinfo(out->output);
    size_t bytes = 0;
    for (const auto& batch : tracker.update(report, 1'795'913'427'305, 0)) {
      operations += batch.operations.size();
      bytes += core::protocol::encodeMessage(batch).size();
    }
    const auto done = std::chrono::steady_clock::now();
    ms.push_back(std::chrono::duration<double, std::milli>(done - start).count());
    parseMsSum += std::chrono::duration<double, std::milli>(done - parseStart).count();
    dumpBytes = out->output.size();
    (p == 0 ? firstBytes : laterBytes) += bytes;
  }
  fs::remove_all(dir);
  std::sort(ms.begin(), ms.end());
  double sum = 0;
  for (double m : ms) sum += m;
  std::printf(
      "%d polls of a %zu-byte dump (4 connections x 20 operations): wall per poll mean %.2f ms, median %.2f ms, "
      "max %.2f ms, of which parse + dedupe + encode mean %.3f ms; sent: first poll %zu bytes (the whole rings), later "
      "polls %.0f bytes each (%zu operations "
      "in all)\n",
      polls, dumpBytes, sum / static_cast<double>(ms.size()), ms[ms.size() / 2], ms.back(),
      parseMsSum / static_cast<double>(ms.size()), firstBytes,
      polls > 1 ? static_cast<double>(laterBytes) / (polls - 1) : 0.0, operations);
  return 0;
}
