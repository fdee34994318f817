#include "core/startup/startup_session.h"

#include "core/json/json_writer.h"
#include "core/session/session_writer.h"
#include "core/startup/startup_stats.h"

namespace mxi::core::startup {
namespace {

constexpr const char* kModeExtra = "startup.mode";
constexpr const char* kActivityExtra = "startup.activity";
constexpr const char* kStoppedByExtra = "startup.stoppedBy";

std::string extraOf(const session::SessionHeader& header, std::string_view key) {
  for (const auto& [k, v] : header.extras) {
    if (k == key) return v;
  }
  return {};
}

}  // namespace

Status writeStartupSession(const std::string& path, const StartupReport& report, const std::string& device) {
  session::SessionHeader header;
  header.device = device;
  header.app = report.package;
  header.agentVersion = "mxi startup";
  // The runs' times are the host's: ms since the first launch, as ns.
  const int64_t originMs = report.runs.empty() ? 0 : report.runs.front().startUnixMs;
  header.startTimeUnixMs = originMs;
  header.extras = {{kModeExtra, std::string(launchModeName(report.mode))}, {kActivityExtra, report.activity}};
  if (!report.stoppedBy.empty()) header.extras.emplace_back(kStoppedByExtra, report.stoppedBy);
  session::WriterOptions options;
  options.fsync = session::FsyncPolicy::kOnFlush;
  ASSIGN_OR_RETURN(auto writer, session::SessionWriter::create(path, header, options));
  auto timeOf = [originMs](int64_t unixMs) { return std::max<int64_t>(unixMs - originMs, 0) * 1'000'000; };
  for (const StartupRun& run : report.runs) {
    session::SessionRecord record =
        session::textRecord(session::RecordType::kStartupRun, timeOf(run.startUnixMs), json::dumpJson(runJson(run)));
    RETURN_IF_ERROR(writer->append(record));
  }
  // An issue sits at the time of the run it is about.
  for (const std::string& issue : report.issues) {
    const auto parsed = nlohmann::json::parse(issue, nullptr, false);
    int64_t at = 0;
    if (parsed.is_object() && parsed.contains("run_index") && parsed["run_index"].is_number_integer()) {
      const int index = parsed["run_index"].get<int>();
      for (const StartupRun& run : report.runs) {
        if (run.index == index) at = timeOf(run.startUnixMs);
      }
    }
    RETURN_IF_ERROR(writer->appendIssue(at, issue));
  }
  return writer->close();
}

bool hasStartupRuns(const session::SessionData& data) { return !data.startupRuns.empty(); }

StatusOr<StartupReport> startupRunsOf(const session::SessionHeader& header,
                                      const std::vector<session::SessionRecord>& records, const std::string& path) {
  StartupReport report;
  report.package = header.app;
  report.activity = extraOf(header, kActivityExtra);
  report.stoppedBy = extraOf(header, kStoppedByExtra);
  report.mode = parseLaunchMode(extraOf(header, kModeExtra)).value_or(LaunchMode::kCold);
  for (const session::SessionRecord& record : records) {
    if (record.type != session::RecordType::kStartupRun) continue;
    const auto json = nlohmann::json::parse(record.text, nullptr, false);
    if (!json.is_object()) return invalidInput(path + ": a startup run record is not a JSON object");
    report.runs.push_back(runFromJson(json));
  }
  if (report.runs.empty()) return notFound(path + " holds no startup runs (they come from `mxi startup -o`)");
  judgeRuns(report.runs, report.mode);
  return report;
}

StatusOr<StartupReport> startupReportOf(const session::SessionData& data, const std::string& path) {
  std::vector<session::SessionRecord> records;
  records.reserve(data.startupRuns.size());
  for (const session::SessionEvent& stored : data.startupRuns) {
    records.push_back(session::textRecord(session::RecordType::kStartupRun, stored.timeNs, stored.text));
  }
  ASSIGN_OR_RETURN(StartupReport report, startupRunsOf(data.header, records, path));
  for (const session::SessionIssue& issue : data.issues) {
    if (issue.issue.kind == matrix::IssueKind::kStartup) report.issues.push_back(issue.issue.contentJson);
  }
  return report;
}

}  // namespace mxi::core::startup
