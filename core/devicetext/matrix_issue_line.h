// Matrix's Issue.toString(), as its PluginListener logs it: `tag[%s]type[%d];key[%s];content[<JSON>]`
// anywhere in a line (logcat's prefix, or DefaultPluginListener's "report issue content: ",
// before it). logcat cuts lines near 4 KB, so the content may end early: no closing `]`.
#pragma once

#include <cstdint>
#include <optional>
#include <string_view>

namespace mxi::core::devicetext {

struct MatrixIssueLine {
  std::string_view tag;
  int32_t type = 0;
  std::string_view key;
  std::string_view content;  // the JSON text, as long as the line kept it
  size_t contentOffset = 0;  // of `content` in the line
  bool truncated = false;    // the line ended before content's closing `]`
};

std::optional<MatrixIssueLine> findMatrixIssueLine(std::string_view line);

}  // namespace mxi::core::devicetext
