#include "device-agent/src/strictmode_assembler.h"

#include <algorithm>
#include <utility>

#include "core/protocol/message_codec.h"
#include "device-agent/src/dropbox_parser.h"

namespace mxi::agent {

namespace proto = core::protocol;
namespace strictmode = core::strictmode;

void StrictModeAssembler::logLine(std::string_view text, const LogLine& line) {
  m_lastLineOffset = m_base + m_text.size();
  m_lineOffsets.push_back(m_lastLineOffset);
  m_lineTimes.push_back(line.timeMs);
  m_text.append(text);
  m_text.push_back('\n');
  m_parser.feed(std::string_view(m_text).substr(m_lastLineOffset - m_base));
  // A line that does not continue the open report closes it (and may open the next one).
  collect(m_parser.take(), true);
}

void StrictModeAssembler::flush() {
  m_parser.flush();
  collect(m_parser.take(), false);
  // Nothing is open now: lines that began no report are dropped too.
  m_base += m_text.size();
  m_text.clear();
  m_lineOffsets.clear();
  m_lineTimes.clear();
}

void StrictModeAssembler::collect(std::vector<strictmode::StrictModeViolation> done, bool closedByLastLine) {
  if (done.empty()) return;
  std::sort(done.begin(), done.end(), [](const auto& a, const auto& b) { return a.offset < b.offset; });
  const uint64_t end = m_base + m_text.size();
  for (size_t i = 0; i < done.size(); ++i) {
    const strictmode::StrictModeViolation& v = done[i];
    // A report's text runs to the next report's first line, or to the line that closed it.
    const uint64_t to = i + 1 < done.size() ? done[i + 1].offset : (closedByLastLine ? m_lastLineOffset : end);
    const uint64_t from = std::clamp(v.offset, m_base, end);
    proto::StrictModeReport r;
    r.text = m_text.substr(from - m_base, std::max(from, std::min(to, end)) - from);
    const auto at = std::upper_bound(m_lineOffsets.begin(), m_lineOffsets.end(), from);
    const size_t index = at == m_lineOffsets.begin() ? 0 : static_cast<size_t>(at - m_lineOffsets.begin() - 1);
    r.logTimeMs = index < m_lineTimes.size() ? m_lineTimes[index] : 0;
    r.pid = static_cast<int32_t>(v.pid.value_or(0));
    r.tid = static_cast<int32_t>(v.tid.value_or(0));
    r.source = proto::StrictModeSource::kLogcat;
    r.truncated = v.truncated;
    if (!r.text.empty()) m_done.push_back(std::move(r));
  }
  // Forget the text before what is still open (the closing line, when a line closed the reports).
  const uint64_t keepFrom = closedByLastLine ? m_lastLineOffset : end;
  m_text.erase(0, keepFrom - m_base);
  m_base = keepFrom;
  const auto firstKept = std::lower_bound(m_lineOffsets.begin(), m_lineOffsets.end(), keepFrom);
  const auto drop = firstKept - m_lineOffsets.begin();
  m_lineOffsets.erase(m_lineOffsets.begin(), firstKept);
  m_lineTimes.erase(m_lineTimes.begin(), m_lineTimes.begin() + drop);
}

std::vector<proto::StrictModeReport> StrictModeAssembler::take() { return std::exchange(m_done, {}); }

std::vector<proto::StrictModeReport> StrictModeAssembler::dropBox(std::string_view dump, const std::string& package) {
  std::vector<proto::StrictModeReport> out;
  const bool baseline = !m_dropBoxBaseline;
  m_dropBoxBaseline = true;
  for (DropboxEntry& e : parseDropbox(dump)) {
    if (!m_seenDropBox.insert(e.header).second || baseline) continue;
    // The package's processes: "pkg" and "pkg:suffix".
    if (e.process != package && !e.process.starts_with(package + ":")) continue;
    const strictmode::StrictModeParseResult parsed = strictmode::parseStrictModeText(e.text);
    if (parsed.violations.empty()) continue;
    proto::StrictModeReport r;
    r.pid = e.pid;
    r.tid = static_cast<int32_t>(parsed.violations.front().tid.value_or(0));
    r.source = proto::StrictModeSource::kDropBox;
    r.truncated = parsed.violations.front().truncated;
    r.text = e.text.substr(0, proto::kMaxTextBytes);
    out.push_back(std::move(r));
  }
  return out;
}

void StrictModeAssembler::reset() {
  m_parser = {};
  m_text.clear();
  m_base = m_lastLineOffset = 0;
  m_lineTimes.clear();
  m_lineOffsets.clear();
  m_done.clear();
  m_seenDropBox.clear();
  m_dropBoxBaseline = false;
}

}  // namespace mxi::agent
