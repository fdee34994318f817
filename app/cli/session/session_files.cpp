#include "app/cli/session/session_files.h"

#include <cstdio>
#include <fstream>

namespace mxi::cli {

core::Status writeOutput(const std::string& path, const std::string& text) {
  if (path.empty() || path == "-") {
    std::fwrite(text.data(), 1, text.size(), stdout);
    return core::okStatus();
  }
  std::ofstream out(path, std::ios::binary | std::ios::trunc);
  out.write(text.data(), static_cast<std::streamsize>(text.size()));
  out.close();
  return out ? core::okStatus() : core::ioError("cannot write " + path);
}

core::StatusOr<std::shared_ptr<const core::session::SessionData>> loadSessionFile(const std::string& path, bool quiet) {
  ASSIGN_OR_RETURN(auto reader, about(path, core::session::SessionReader::open(path)));
  TerminalProgress progress(!quiet);
  ASSIGN_OR_RETURN(auto data, about(path, core::session::loadSession(*reader, progress, processCancelToken())));
  // After loading: a damaged block behind a clean footer shows only when it is read.
  for (const auto& note : data->recovery.notes) {
    if (!data->recovery.intact() || !quiet) std::fprintf(stderr, "mxi: %s: %s\n", path.c_str(), note.c_str());
  }
  return data;
}

void printRecovery(const core::session::RecoveryReport& r) {
  std::printf("closed cleanly: %s\n", r.cleanClose ? "yes" : "no");
  if (!r.intact()) {
    std::printf("damage: %llu torn byte(s) at the end, %llu corrupt byte(s) skipped, %llu record(s) lost%s\n",
                static_cast<unsigned long long>(r.tornBytes), static_cast<unsigned long long>(r.corruptBytes),
                static_cast<unsigned long long>(r.lostRecords), r.lostRecordsExact ? "" : " or more");
  }
  for (const auto& n : r.notes) std::printf("  %s\n", n.c_str());
}

}  // namespace mxi::cli
