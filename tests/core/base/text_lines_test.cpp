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
  const std::string stream = "first\n\nthird line\r\nlast without newline";
  const Lines expected = {{"first", 0}, {"", 6}, {"third line\r", 7}, {"last without newline", 19}};
  for (size_t chunk = 1; chunk <= stream.size(); ++chunk) EXPECT_EQ(splitInChunksOf(stream, chunk), expected) << chunk;
}

TEST(ChunkedLinesTest, ResetStartsOffsetsAgainAndDropsTheUnterminatedLine) {
  ChunkedLines lines;
  Lines out;
  auto collect = [&](std::string_view line, uint64_t offset) { out.emplace_back(std::string(line), offset); };
  lines.feed("a\nhalf", collect);
  lines.reset();
  lines.feed("b\n", collect);
  lines.finish(collect);
  EXPECT_EQ(out, (Lines{{"a", 0}, {"b", 0}}));
}

}  // namespace
}  // namespace mxi::core::text
