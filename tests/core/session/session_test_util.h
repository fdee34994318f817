// Synthetic sessions for the session tests (frames drawn from a fixed-seed distribution).
#pragma once

#include <cstdint>
#include <filesystem>
#include <fstream>
#include <random>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "core/session/session_reader.h"
#include "core/session/session_writer.h"
#include "tests/support/programs.h"

namespace mxi::test {

// A frame at `startNs` lasting `durationNs` on a 60 Hz display, its time split into stages.
inline core::framestats::Frame syntheticFrame(int64_t startNs, int64_t durationNs) {
  core::framestats::Frame f;
  f.startNs = startNs;
  f.durationNs = durationNs;
  f.refreshPeriodNs = 16'666'667;
  const int64_t part = durationNs / 8;
  for (size_t i = 0; i + 1 < f.stageNs.size(); ++i) f.stageNs[i] = part;
  f.stageNs.back() = durationNs - part * static_cast<int64_t>(f.stageNs.size() - 1);
  return f;
}

inline std::string fileBytes(const std::filesystem::path& p) { return readFile(p); }

inline void writeBytes(const std::filesystem::path& p, std::string_view bytes) {
  std::ofstream out(p, std::ios::binary | std::ios::trunc);
  out.write(bytes.data(), static_cast<std::streamsize>(bytes.size()));
}

// The header the format tests write: an emulator, an app, a 60 Hz display and one extra.
inline core::session::SessionHeader testSessionHeader() {
  core::session::SessionHeader h;
  h.device = "emulator-5554 (sdk_gphone64_x86_64, Android 14)";
  h.app = "com.example.app";
  h.agentVersion = "0.1.0";
  h.startTimeUnixMs = 1'700'000'000'123;
  h.startMonotonicNs = 5'000'000'000;
  h.refreshHz = 60;
  h.extras = {{"abi", "x86_64"}};
  return h;
}

// Every record the reader can read, in file order (a read error fails the test).
inline std::vector<core::session::SessionRecord> readAllRecords(const core::session::SessionReader& r) {
  std::vector<core::session::SessionRecord> out;
  const core::Status s = r.forEachRecord([&](const core::session::SessionRecord& rec) {
    out.push_back(rec);
    return true;
  });
  EXPECT_TRUE(s.ok()) << s.toString();
  return out;
}

}  // namespace mxi::test
