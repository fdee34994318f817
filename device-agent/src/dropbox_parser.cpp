#include "device-agent/src/dropbox_parser.h"

#include "core/base/text_lines.h"

namespace mxi::agent {

using namespace core::text;

std::vector<DropboxEntry> parseDropbox(std::string_view text) {
  std::vector<DropboxEntry> entries;
  bool expectHeader = false;
  forEachLine(text, [&](std::string_view line) {
    if (line.size() >= 20 && line.find_first_not_of('=') == std::string_view::npos) {
      expectHeader = true;
      return;
    }
    if (expectHeader) {
      expectHeader = false;
      entries.push_back({std::string(line), {}, 0, {}});
      return;
    }
    if (entries.empty()) return;
    DropboxEntry& e = entries.back();
    if (e.process.empty() && line.starts_with("Process: ")) e.process = std::string(trim(line.substr(9)));
    if (e.pid == 0 && line.starts_with("PID: ")) e.pid = static_cast<int>(parseInt(trim(line.substr(5))).value_or(0));
    e.text.append(line);
    e.text.push_back('\n');
  });
  return entries;
}

}  // namespace mxi::agent
