#include "core/apkcheck/r_txt.h"

#include <charconv>
#include <sstream>

#include "core/base/text_lines.h"

namespace mxi::core::apkcheck {

StatusOr<std::vector<DeclaredResource>> parseRTxt(std::string_view text) {
  std::vector<DeclaredResource> out;
  size_t offset = 0;
  size_t lineNumber = 0;
  while (offset < text.size()) {
    size_t end = text.find('\n', offset);
    if (end == std::string_view::npos) end = text.size();
    std::string_view line = text.substr(offset, end - offset);
    const size_t lineOffset = offset;
    offset = end + 1;
    ++lineNumber;
    if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
    if (line.find_first_not_of(" \t") == std::string_view::npos) continue;
    std::istringstream words{std::string(line)};
    std::string kind, type, name, value;
    words >> kind >> type >> name >> value;
    if (type == "styleable") continue;
    if (kind != "int" || name.empty() || !value.starts_with("0x")) {
      return invalidInput("R.txt line " + std::to_string(lineNumber) + " is not 'int <type> <name> 0x…'", lineOffset);
    }
    uint32_t id = 0;
    const auto [ptr, ec] = std::from_chars(value.data() + 2, value.data() + value.size(), id, 16);
    if (ec != std::errc() || ptr != value.data() + value.size()) {
      return invalidInput("R.txt line " + std::to_string(lineNumber) + ": bad id " + value, lineOffset);
    }
    out.push_back({id, std::move(type), std::move(name)});
  }
  return out;
}

}  // namespace mxi::core::apkcheck
