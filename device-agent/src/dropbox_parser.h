// `dumpsys dropbox --print data_app_anr`: entries separated by a line of '=' characters, each
// starting "YYYY-MM-DD HH:MM:SS data_app_anr (text, N bytes)" followed by Process:/PID: headers and
// the traces. Also finds the main thread's block in a traces text.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace mxi::agent {

struct DropboxEntry {
  std::string header;  // the timestamp line (identifies the entry)
  std::string process;
  int pid = 0;
  std::string text;  // everything after the header line
};

std::vector<DropboxEntry> parseDropbox(std::string_view text);

}  // namespace mxi::agent
