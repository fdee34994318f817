#include "core/devicetext/matrix_issue_line.h"

#include "core/base/text_lines.h"

namespace mxi::core::devicetext {

std::optional<MatrixIssueLine> findMatrixIssueLine(std::string_view line) {
  const size_t t = line.find("tag[");
  if (t == std::string_view::npos) return std::nullopt;
  const size_t ty = line.find("]type[", t);
  if (ty == std::string_view::npos) return std::nullopt;
  const size_t k = line.find("];key[", ty);
  if (k == std::string_view::npos) return std::nullopt;
  const size_t c = line.find("];content[", k);
  if (c == std::string_view::npos) return std::nullopt;
  const auto type = text::parseInt(line.substr(ty + 6, k - ty - 6));
  if (!type || *type < INT32_MIN || *type > INT32_MAX) return std::nullopt;
  MatrixIssueLine out;
  out.tag = line.substr(t + 4, ty - t - 4);
  out.type = static_cast<int32_t>(*type);
  out.key = line.substr(k + 6, c - k - 6);
  out.contentOffset = c + 10;
  std::string_view content = line.substr(out.contentOffset);
  while (!content.empty() && (content.back() == ' ' || content.back() == '\t' || content.back() == '\r')) {
    content.remove_suffix(1);
  }
  if (content.ends_with(']')) {
    content.remove_suffix(1);
  } else {
    out.truncated = true;
  }
  out.content = content;
  return out;
}

}  // namespace mxi::core::devicetext
