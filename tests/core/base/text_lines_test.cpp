#include "core/base/text_lines.h"

#include <gtest/gtest.h>

#include <string>
#include <utility>
#include <vector>

namespace mxi::core::text {
namespace {

using Lines = std::vector<std::pair<std::string, uint64_t>>;

Lines splitInChunksOf(std::string_view stream, size_t chunkSize) {
  Lines out;
  ChunkedLines lines;
  auto collect = [&](std::string_view line, uint64_t offset) { out.emplace_back(std::string(line), offset); };
  for (size_t at = 0; at < stream.size(); at += chunkSize) lines.feed(stream.substr(at, chunkSize), collect);
  lines.finish(collect);
  return out;
}

TEST(ChunkedLinesTest, EverySplitGivesTheSameLinesAndStreamOffsets) {
  const std::string stream =
      "\xEF\xBB\xBF"
      "first\n\nthird line\r\nlast without newline\r";
  // The BOM and each "\r" are not the lines' (the offsets still count them).
  const Lines expected = {{"first", 3}, {"", 9}, {"third line", 10}, {"last without newline", 22}};
  for (size_t chunk = 1; chunk <= stream.size(); ++chunk) EXPECT_EQ(splitInChunksOf(stream, chunk), expected) << chunk;
}

TEST(ChunkedLinesTest, ResetStartsOffsetsAgainAndDropsTheUnterminatedLine) {
  ChunkedLines lines;
  Lines out;
  auto collect = [&](std::string_view line, uint64_t offset) { out.emplace_back(std::string(line), offset); };
  lines.feed("a\nhalf", collect);
  lines.reset();
  lines.feed(
      "\xEF\xBB\xBF"
      "b\n\xEF\xBB\xBF"
      "c\n",
      collect);  // a new stream's BOM only
  lines.finish(collect);
  EXPECT_EQ(out, (Lines{{"a", 0},
                        {"b", 3},
                        {"\xEF\xBB\xBF"
                         "c",
                         5}}));
}

}  // namespace
}  // namespace mxi::core::text
