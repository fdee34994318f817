// StrictMode violation reports of the collected package assembled from what the agent reads
// (docs/TRACE.md, "Live"; collectors/strictmode_collector.h runs it): the `StrictMode` logcat lines of the package's
// processes, fed to core/strictmode's stream parser so a report's lines travel together, and DropBox's
// `data_app_strictmode` / `system_app_strictmode` entries of the package newer than those already seen. Each report
// goes to the desktop as raw text (StrictModeReport): the desktop maps it to an IOCanary issue.
#pragma once

#include <set>
#include <string>
#include <string_view>
#include <vector>

#include "core/protocol/messages.h"
#include "core/strictmode/strictmode_text.h"
#include "device-agent/src/logcat_parser.h"

namespace mxi::agent {

class StrictModeAssembler {
 public:
  // `text` is the whole logcat line, `line` its parse; the caller has checked the tag and pid.
  void logLine(std::string_view text, const LogLine& line);
  // The log went quiet (the end of a poll turn): the open report is complete as far as it goes.
  void flush();
  // The reports completed since the last call (monotonicNs left 0 for the caller to fill).
  std::vector<core::protocol::StrictModeReport> take();
  // `dumpsys dropbox --print TAG` output: the package's entries not seen before, as reports. The
  // first call of a collection only notes what is there (entries from before the recording).
  std::vector<core::protocol::StrictModeReport> dropBox(std::string_view dump, const std::string& package);
  void reset();

 private:
  void collect(std::vector<core::strictmode::StrictModeViolation> done, bool closedByLastLine);

  core::strictmode::StrictModeStreamParser m_parser;
  std::string m_text;  // the lines fed since m_base (byte offset in the parser's stream)
  uint64_t m_base = 0;
  uint64_t m_lastLineOffset = 0;      // stream offset of the last line fed
  std::vector<uint64_t> m_lineTimes;  // (offset, time) of fed lines, to date each report
  std::vector<uint64_t> m_lineOffsets;
  std::vector<core::protocol::StrictModeReport> m_done;
  std::set<std::string> m_seenDropBox;  // entry header lines ("2021-03-02 14:07:11 data_app_strictmode (…)")
  bool m_dropBoxBaseline = false;
};

}  // namespace mxi::agent
