// A session of five blocks whose records and times the damage tests know by heart: block j holds
// the mark "block j" at second j + 1 of the session, then (in blocks 0 and 2) a scene change 1 ms
// later, then ten 10 ms frames 50 ms apart. Block 0: 12 records, 1: 11, 2: 12, 3: 11, 4: 11.
#pragma once

#include <gtest/gtest.h>

#include <cstdint>
#include <filesystem>
#include <string>

#include "core/session/session_writer.h"
#include "tests/core/session/session_test_util.h"

namespace mxi::test {

inline constexpr int64_t kBlockSessionStartNs = 5'000'000'000;
inline constexpr size_t kBlockSessionBlocks = 5;

// When block j's first record (its mark) was taken; its last frame ends 510 ms later.
inline int64_t blockSessionMarkNs(size_t block) {
  return kBlockSessionStartNs + static_cast<int64_t>(block + 1) * 1'000'000'000;
}

inline void writeBlockSession(const std::filesystem::path& path) {
  core::session::SessionHeader h;
  h.device = "test-device";
  h.app = "com.example.app";
  h.startMonotonicNs = kBlockSessionStartNs;
  h.refreshHz = 60;
  auto w = core::session::SessionWriter::create(path.string(), h);
  ASSERT_TRUE(w.ok()) << w.status().toString();
  for (size_t j = 0; j < kBlockSessionBlocks; ++j) {
    const int64_t t = blockSessionMarkNs(j);
    ASSERT_TRUE((*w)->appendMark(t, "block " + std::to_string(j)).ok());
    if (j == 0 || j == 2) {
      ASSERT_TRUE((*w)->appendSceneChange(t + 1'000'000, j == 0 ? "com.example.First" : "com.example.Second").ok());
    }
    for (int64_t i = 1; i <= 10; ++i) {
      ASSERT_TRUE((*w)->appendFrame(syntheticFrame(t + i * 50'000'000, 10'000'000)).ok());
    }
    ASSERT_TRUE((*w)->flush().ok());  // one block each
  }
  ASSERT_TRUE((*w)->close().ok());
}

}  // namespace mxi::test
