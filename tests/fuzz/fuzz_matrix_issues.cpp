// libFuzzer target for Matrix issue input: whole-text parsing (JSON, JSON lines, logcat lines),
// chunked stream parsing, call trees, and the JSON views of the result.
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "core/json/json_writer.h"
#include "core/matrix/matrix_issue.h"
#include "core/matrix/matrix_json.h"

using namespace mxi::core::json;
using namespace mxi::core::matrix;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  IssueParseResult whole = parseIssueText(text);
  decodeIssues(whole, nullptr);
  size_t sink = 0;
  for (const auto& i : whole.issues) sink += dumpJson(issueToJson(i)).size();
  // The stream parser must accept any chunking (here: 7-byte chunks).
  IssueStreamParser stream;
  for (size_t i = 0; i < size; i += 7) stream.feed(text.substr(i, 7));
  const IssueParseResult streamed = stream.finish();
  sink += streamed.issues.size() + streamed.problems.size();
  volatile size_t keep = sink;
  (void)keep;
  return 0;
}
