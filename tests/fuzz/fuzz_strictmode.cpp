// libFuzzer target for StrictMode reports (core/strictmode/strictmode_text): whole-text parsing of
// logcat in every layout and DropBox dumps, the issues they become and their JSON view
// (core/strictmode), and the chunked stream parser (7-byte chunks, take() between chunks, as the
// agent calls it).
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "core/strictmode/strictmode_issues.h"
#include "core/strictmode/strictmode_json.h"
#include "core/strictmode/strictmode_text.h"

using namespace mxi::core::strictmode;
namespace strictmode = mxi::core::strictmode;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  const StrictModeParseResult whole = parseStrictModeText(text);
  size_t sink = whole.problems.size();
  for (const auto& v : whole.violations) {
    sink += v.stack.size() + v.acquiredAt.size() + v.resource.size() + static_cast<size_t>(strictModeKind(v));
    if (auto issue = strictmode::violationToIssue(v)) sink += issue->key.size();  // must parse as a Matrix issue
  }
  sink += strictmode::violationsToJson(whole.violations).size();
  sink += strictmode::parseIssuesWithStrictMode(text).issues.size();
  StrictModeStreamParser stream;
  for (size_t i = 0; i < size; i += 7) {
    stream.feed(text.substr(i, 7));
    sink += stream.take().size();
  }
  sink += stream.finish().violations.size();
  volatile size_t keep = sink;
  (void)keep;
  return 0;
}
