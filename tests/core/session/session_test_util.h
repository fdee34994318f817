// Synthetic sessions for the session tests (frames drawn from a fixed-seed distribution).
#pragma once

#include <cstdint>
#include <filesystem>
#include <fstream>
#include <random>
#include <string>

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

}  // namespace mxi::test
