#include "core/devicetext/activity_records.h"

#include <algorithm>
#include <set>

#include "core/base/text_lines.h"
#include "core/devicetext/resumed_activity.h"

namespace mxi::core::devicetext {

namespace {

// "ActivityRecord{7ff01aa u0 com.app/.Main t61}" → hash and component ("" when not a record).
bool readRecord(std::string_view line, ActivityRecordLine& out) {
  const size_t at = line.find("ActivityRecord{");
  if (at == std::string_view::npos) return false;
  std::string_view rest = line.substr(at + 15);
  rest = rest.substr(0, rest.find('}'));
  const std::vector<std::string_view> words = text::splitWhitespace(rest);
  if (words.empty()) return false;
  out.record = std::string(words[0]);
  for (size_t i = 1; i < words.size(); ++i) {
    const size_t slash = words[i].find('/');
    if (slash != std::string_view::npos && slash > 0) {
      out.component = std::string(words[i]);
      break;
    }
  }
  return !out.component.empty();
}

// "app=ProcessRecord{6752d47 15398:com.app/u0a620}" → pid and process name; "app=null" → gone.
void readApp(std::string_view detail, ActivityRecordLine& out) {
  const size_t at = detail.find("app=");
  if (at == std::string_view::npos || (at > 0 && detail[at - 1] != ' ')) return;
  std::string_view value = detail.substr(at + 4);
  if (value.starts_with("null")) {
    out.processGone = true;
    return;
  }
  if (!value.starts_with("ProcessRecord{")) return;
  value = value.substr(14, value.find('}') - 14);
  const std::vector<std::string_view> words = text::splitWhitespace(value);
  if (words.size() < 2) return;
  const std::string_view pidAndName = words[1];
  const size_t colon = pidAndName.find(':');
  if (colon == std::string_view::npos) return;
  const auto pid = text::parseInt(pidAndName.substr(0, colon));
  if (!pid || *pid <= 0 || *pid > INT32_MAX) return;
  out.pid = static_cast<int32_t>(*pid);
  std::string_view name = pidAndName.substr(colon + 1);
  out.process = std::string(name.substr(0, name.rfind('/')));
}

// "packageName=com.app processName=com.app:remote" → the process name.
void readProcessName(std::string_view detail, ActivityRecordLine& out) {
  const size_t at = detail.find("processName=");
  if (at == std::string_view::npos || !out.process.empty()) return;
  std::string_view value = detail.substr(at + 12);
  value = value.substr(0, value.find(' '));
  out.process = std::string(value);
}

}  // namespace

std::vector<ActivityRecordLine> parseActivityRecords(std::string_view dumpsysActivities) {
  std::vector<ActivityRecordLine> records;
  std::set<std::string> seen;
  bool inRecord = false;
  text::forEachLine(dumpsysActivities, [&](std::string_view raw) {
    const std::string_view line = text::trim(raw);
    if (line.starts_with("* Hist ") || line.starts_with("* Hist#")) {
      ActivityRecordLine record;
      inRecord = readRecord(line, record) && seen.insert(record.record).second;
      if (inRecord) records.push_back(std::move(record));
      return;
    }
    // A record's details run until the next "* " item (a record, a task) or a section header.
    if (line.starts_with("* ") || (!raw.empty() && raw[0] != ' ')) inRecord = false;
    if (!inRecord) return;
    readApp(line, records.back());
    readProcessName(line, records.back());
  });
  return records;
}

int countActivityRecordsOf(std::string_view dumpsysActivities, int32_t pid, std::string_view process) {
  int n = 0;
  for (const ActivityRecordLine& r : parseActivityRecords(dumpsysActivities)) {
    if (r.processGone) continue;
    if (r.pid != 0) {
      n += r.pid == pid ? 1 : 0;
    } else if (!r.process.empty()) {
      n += r.process == process ? 1 : 0;
    } else {
      n += packageOfComponent(r.component) == process ? 1 : 0;
    }
  }
  return n;
}

}  // namespace mxi::core::devicetext
