#include "tests/agent/e2e_support.h"

#include <gtest/gtest.h>

#include <sys/wait.h>
#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <sstream>

#include "core/framestats/frame.h"
#include "core/session/session_reader.h"

namespace mxi::test {

namespace fs = std::filesystem;

Recorded readSession(const fs::path& path) {
  Recorded r;
  auto reader = core::session::SessionReader::open(path.string());
  EXPECT_TRUE(reader.ok()) << reader.status().toString();
  if (!reader.ok()) return r;
  EXPECT_EQ((*reader)->recovery().tornBytes, 0u);
  std::string scene;
  const core::framestats::DropThresholds thresholds;
  EXPECT_TRUE((*reader)
                  ->forEachRecord([&](const core::session::SessionRecord& rec) {
                    using core::session::RecordType;
                    if (rec.type == RecordType::kScene) scene = rec.text;
                    if (rec.type == RecordType::kFrame) {
                      ++r.frames;
                      if (rec.frame.flags == 0) {
                        r.histogram[scene][static_cast<size_t>(thresholds.levelOf(rec.frame.droppedFrames()))]++;
                      }
                    }
                    if (rec.type == RecordType::kIssue) {
                      r.issues.push_back(rec.text);
                      r.issueTimesNs.push_back(rec.timeNs);
                    }
                    if (rec.type == RecordType::kAnr) r.anrs.push_back(rec.text);
                    if (rec.type == RecordType::kHeapDump) r.heapDumps.push_back(rec.text);
                    if (rec.type == RecordType::kFrameGap) r.frameGaps.push_back(core::session::frameGapOf(rec));
                    if (rec.type == RecordType::kMark) r.marks.push_back(rec.text);
                    return true;
                  })
                  .ok());
  return r;
}

std::vector<std::string> mxiEnvironment(std::vector<std::string> adbEnvironment, const std::string& serial,
                                        const std::string& agent) {
  if (!serial.empty()) adbEnvironment.push_back("ANDROID_SERIAL=" + serial);
  adbEnvironment.push_back("MXI_AGENT_PATH=" + agent);
  return adbEnvironment;
}

}  // namespace mxi::test
