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

std::string mainThreadStack(std::string_view traces, int pid) {
  size_t from = 0;
  if (pid > 0) {
    const std::string marker = "----- pid " + std::to_string(pid) + " ";
    const size_t at = traces.find(marker);
    if (at != std::string_view::npos) from = at;
  }
  const size_t main = traces.find("\n\"main\" ", from);
  if (main == std::string_view::npos) return {};
  const size_t end = traces.find("\n\n", main + 1);
  return std::string(traces.substr(main + 1, end == std::string_view::npos ? std::string_view::npos : end - main - 1));
}

}  // namespace mxi::agent
