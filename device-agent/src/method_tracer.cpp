#include "device-agent/src/method_tracer.h"

#include <unistd.h>

#include <thread>

#include "core/base/text_lines.h"
#include "device-agent/src/file_transfer.h"

namespace mxi::agent {

namespace {

namespace proto = core::protocol;
using Clock = std::chrono::steady_clock;

// The line of `am`'s output that says what went wrong: the refusal, else the exception (not
// the "Exception occurred while executing" preamble), else an "Error:" line.
std::string firstMeaningfulLine(const std::string& output) {
  const auto lines = core::text::trimmedLines(output);
  for (const char* marker : {"not debuggable", "not profileable", "Exception:", "Error"}) {
    for (std::string_view line : lines) {
      if (line.find(marker) != std::string_view::npos) return std::string(line);
    }
  }
  for (std::string_view line : core::text::trimmedLines(output)) {
    if (!line.empty()) return std::string(line);
  }
  return {};
}

}  // namespace

std::string notDebuggableExplanation(const std::string& package, const std::string& amOutput) {
  if (amOutput.find("not debuggable") == std::string::npos && amOutput.find("not profileable") == std::string::npos) {
    return {};
  }
  // ActivityManagerService.profileControl / setProfileApp: a user build traces only debuggable
  // apps, and from Android 10 profileable ones where the platform allows it.
  return package +
         " is not debuggable, so Android will not trace its methods: install a debug build "
         "(android:debuggable=\"true\"), or on Android 10+ mark it <profileable android:shell=\"true\"/> in its "
         "manifest, or use a userdebug/eng phone (am: " +
         firstMeaningfulLine(amOutput) + ")";
}

MethodTracer::~MethodTracer() {
  if (!m_job) return;
  (void)m_tools.run(Tool::kAm, {"profile", "stop", std::to_string(m_job->pid)});
  unlink(path().c_str());
}

std::string MethodTracer::path() const {
  return m_job ? m_job->dataDir + "/trace-" + std::to_string(m_job->requestId) + ".trace" : std::string();
}

core::Status MethodTracer::start(MethodTraceJob job, const FindPid& findPid, const Send& send) {
  if (m_job) return core::invalidInput("a method trace is already running");
  const bool launch = (job.flags & proto::kMethodTraceLaunch) != 0;
  m_job = job;
  const std::string file = path();
  unlink(file.c_str());
  std::vector<std::string> args;
  auto profilerOptions = [&] {
    if (job.samplingUs > 0) {
      args.push_back("--sampling");
      args.push_back(std::to_string(job.samplingUs));
    }
    if (job.flags & proto::kMethodTraceStreaming) args.push_back("--streaming");
  };
  if (launch) {
    // -S stops the app first (a cold start); -W waits until its first activity is drawn and
    // prints TotalTime/WaitTime.
    args = {"start", "-S", "-W", "--start-profiler", file};
    profilerOptions();
    if (!job.component.empty()) {
      args.push_back("-n");
      args.push_back(job.component);
    } else {
      args.insert(args.end(),
                  {"-a", "android.intent.action.MAIN", "-c", "android.intent.category.LAUNCHER", job.packageName});
    }
  } else {
    args = {"profile", "start"};
    profilerOptions();
    args.push_back(std::to_string(job.pid));
    args.push_back(file);
  }
  auto am = m_tools.run(Tool::kAm, args, std::chrono::minutes(2), StderrTo::kOutput);
  if (!am.ok()) {
    m_job.reset();
    return am.status();
  }
  const std::string refused = notDebuggableExplanation(job.packageName, am->output);
  const bool failed = am->exitCode != 0 || am->output.find("Exception") != std::string::npos ||
                      am->output.find("Error:") != std::string::npos;
  if (!refused.empty() || failed) {
    m_job.reset();
    if (!refused.empty()) return core::invalidInput(refused);
    return core::ioError("am " + args[0] + " failed (exit " + std::to_string(am->exitCode) +
                         "): " + firstMeaningfulLine(am->output));
  }
  if (launch) m_job->pid = findPid();
  if (m_job->pid == 0) {
    m_job.reset();
    return core::ioError(job.packageName + " is not running after its launch");
  }
  m_stopAt = Clock::now() + job.duration;
  if (!send(proto::MethodTraceStarted{job.requestId, m_job->pid, launch ? am->output : std::string()})) {
    return core::cancelled();
  }
  return core::okStatus();
}

core::Status MethodTracer::finish(const Send& send) {
  if (!m_job) return core::okStatus();
  const MethodTraceJob job = *m_job;
  const std::string file = path();
  struct Cleanup {
    MethodTracer* tracer;
    std::string file;
    ~Cleanup() {
      unlink(file.c_str());
      tracer->m_job.reset();
    }
  } cleanup{this, file};
  RETURN_IF_ERROR(
      m_tools.run(Tool::kAm, {"profile", "stop", std::to_string(job.pid)}, std::chrono::seconds(30), StderrTo::kOutput)
          .status());
  // ART writes the file as it stops (a large buffer takes a while); the app's uid owns it.
  ASSIGN_OR_RETURN(const uint64_t size, waitUntilStable(file, job.stableMs, std::chrono::minutes(2), "method trace"));
  return streamFile(file, job.requestId, job.pid, 0, size, send);
}

}  // namespace mxi::agent
