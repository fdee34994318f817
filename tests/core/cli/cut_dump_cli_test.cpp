// Real JVM dumps cut short where a copy or transfer stops: at the record boundaries the file has
// (found by reading its layout, so whatever the JDK put first does not matter) and inside
// records. Every file-reading command says "truncated at byte N", what it had read, and where
// the cut record starts; it exits 2 and crashes on none.
#include <gtest/gtest.h>

#include <filesystem>

#include <nlohmann/json.hpp>

#include "tests/support/archive_writer.h"
#include "tests/support/hprof_records.h"
#include "tests/support/run_mxi.h"

namespace mxi {
namespace {
namespace fs = std::filesystem;

struct Cut {
  std::string label;
  uint64_t length;
  std::string expected;  // the message, up to what the scan read
};

std::vector<Cut> cutsOf(const std::string& whole) {
  const auto records = test::hprofRecords(whole);
  std::vector<Cut> cuts;
  const test::HprofRecordSpan* firstHeap = nullptr;
  const test::HprofRecordSpan* lastHeap = nullptr;
  const test::HprofRecordSpan* string = nullptr;
  size_t strings = 0, classes = 0;
  for (const auto& r : records) {
    if (test::isHeapRecordTag(r.tag)) {
      if (!firstHeap) firstHeap = &r;
      lastHeap = &r;
    }
    if (firstHeap) continue;
    if (r.tag == 0x01) {
      ++strings;
      if (!string && r.length > 16) string = &r;
    }
    classes += r.tag == 0x02;
  }
  EXPECT_TRUE(firstHeap && string && strings > 0 && classes > 0) << "unexpected layout";
  if (!firstHeap || !string) return cuts;
  const std::string at = [](uint64_t n) { return "truncated at byte " + std::to_string(n) + ": "; }(firstHeap->offset);
  cuts.push_back({"before the heap records", firstHeap->offset,
                  at +
                      "the file ends before any heap dump record (HEAP_DUMP or HEAP_DUMP_SEGMENT); read: strings "
                      "and classes only, no heap records (" +
                      std::to_string(strings) + " strings, " + std::to_string(classes) + " classes loaded)"});
  cuts.push_back({"in the first record's header", records.front().offset + 3,
                  "truncated at byte " + std::to_string(records.front().offset + 3) +
                      ": the file ends inside the header of the record at byte " +
                      std::to_string(records.front().offset) + "; read: the file header only, no heap records"});
  const uint64_t midString = string->offset + 9 + string->length / 2;
  cuts.push_back({"inside a STRING record", midString,
                  "truncated at byte " + std::to_string(midString) + ": STRING (tag 0x1) record at byte " +
                      std::to_string(string->offset) + " declares " + std::to_string(string->length) +
                      " bytes but only " + std::to_string(string->length / 2) + " remain; read: "});
  const uint64_t midHeap = lastHeap->offset + 9 + lastHeap->length / 2;
  char tag[8];
  std::snprintf(tag, sizeof tag, "0x%x", lastHeap->tag);
  cuts.push_back({"inside the last heap record", midHeap,
                  "truncated at byte " + std::to_string(midHeap) + ": " +
                      (lastHeap->tag == 0x1C ? "HEAP_DUMP_SEGMENT" : "HEAP_DUMP") + " (tag " + tag +
                      ") record at byte " + std::to_string(lastHeap->offset) + " declares " +
                      std::to_string(lastHeap->length) + " bytes but only " + std::to_string(lastHeap->length / 2) +
                      " remain; read: " + std::to_string(strings) + " strings, " + std::to_string(classes) +
                      " classes loaded, "});
  return cuts;
}

TEST(CutDumpCliTest, EveryCommandCallsACutRealDumpTruncatedAndSaysWhatWasRead) {
  const auto dir = test::scratchDir("cut-dump-cli");
  for (const std::string name : {"leaks_base", "android_heap"}) {
    const std::string whole = test::readFile(fs::path(test::fixtureDumpDir()) / (name + ".hprof"));
    ASSERT_FALSE(whole.empty()) << name;
    for (const Cut& cut : cutsOf(whole)) {
      SCOPED_TRACE(name + ", cut " + cut.label);
      const fs::path file = dir / (name + "-cut.hprof");
      ASSERT_TRUE(
          test::writeFile(file.string(), {whole.begin(), whole.begin() + static_cast<std::ptrdiff_t>(cut.length)}));
      for (const std::string command : {"info", "histogram", "leaks", "dominators", "bitmaps", "strings"}) {
        for (const bool json : {false, true}) {
          std::vector<std::string> args{command, "-q", file.string()};
          if (json) args.insert(args.end(), {"--format", "json"});
          const auto run = test::runMxi(args);
          EXPECT_EQ(run.exitCode, 2) << command << run.out << run.err;
          const std::string said = run.out + run.err;
          EXPECT_NE(said.find(cut.expected), std::string::npos) << command << "\n" << said << "\n" << cut.expected;
          EXPECT_NE(said.find("mxi: " + command + ": "), std::string::npos) << said;
        }
      }
    }
  }
}

TEST(CutDumpCliTest, ACutGzipDumpSaysWhereTheCompressedFileStops) {
  const auto dir = test::scratchDir("cut-dump-cli-gz");
  const std::string whole = test::readFile(fs::path(test::fixtureDumpDir()) / "leaks_base.hprof");
  const auto gz = test::gzipBytes(std::vector<uint8_t>(whole.begin(), whole.end()));
  const fs::path cut = dir / "cut.hprof.gz";
  ASSERT_TRUE(test::writeFile(cut.string(), {gz.begin(), gz.begin() + static_cast<std::ptrdiff_t>(gz.size() / 2)}));
  const auto run = test::runMxi({"info", "-q", cut.string()});
  EXPECT_EQ(run.exitCode, 2) << run.out << run.err;
  EXPECT_NE(
      (run.out + run.err).find("truncated at byte " + std::to_string(gz.size() / 2) + ": the gzip stream ends early ("),
      std::string::npos)
      << run.out << run.err;
}

}  // namespace
}  // namespace mxi
