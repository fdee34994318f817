// AgentServer's memory timeline and Activity-leak watch: `dumpsys meminfo --local` samples (or
// smaps_rollup), the GC-forcing checks of the leak watch and the verdicts they reach (LeakWatcher).
#include <algorithm>
#include <fstream>
#include <sstream>

#include "core/devicetext/activity_records.h"
#include "core/meminfo/meminfo_text.h"
#include "device-agent/src/agent_clocks.h"
#include "device-agent/src/agent_server.h"
#include "device-agent/src/memory_sampler.h"

namespace mxi::agent {

namespace proto = core::protocol;
using namespace std::chrono_literals;

void AgentServer::sampleMemory() {
  if (m_package.empty() || m_mainPid == 0) return;
  const int32_t pid = m_mainPid;  // from the agent's own ps
  const uint64_t at = monotonicNs();
  std::optional<proto::MemorySample> sample;
  // Never the plain `dumpsys meminfo <pid>` here: it makes the app collect garbage (the jank we measure).
  auto out = m_tools.run(Tool::kDumpsys, {"meminfo", "--local", std::to_string(pid)});
  if (out.ok() && out->exitCode == 0) {
    const core::devicetext::MeminfoReport report = core::devicetext::parseMeminfo(out->output);
    if (const auto* process = meminfoProcessOf(report, pid)) {
      sample = sampleOfMeminfo(*process, pid, at, kSourceMeminfoLocal);
    }
  }
  if (!sample) {
    std::ifstream in(m_options.procDir + "/" + std::to_string(pid) + "/smaps_rollup");
    std::stringstream text;
    text << in.rdbuf();
    if (auto rollup = in ? parseSmapsRollup(text.str()) : std::nullopt) sample = sampleOfSmapsRollup(*rollup, pid, at);
  }
  if (!sample) {
    // A process that just died answers "No process found": the next ps says so; nothing to tell.
    const bool gone = out.ok() && out->output.find("No process found") != std::string::npos;
    if (!gone && !m_saidNoMemory) {
      m_saidNoMemory = true;
      sendError(proto::ErrorCode::kToolFailed,
                "the memory of " + m_package + " (pid " + std::to_string(pid) +
                    ") cannot be read: `dumpsys meminfo --local` gave no table for it and /proc/" +
                    std::to_string(pid) + "/smaps_rollup is not readable; frames and issues still are");
    }
    return;
  }
  sendMemorySample(std::move(*sample));
}

void AgentServer::sendMemorySample(proto::MemorySample sample) {
  sample.marks |= m_pendingMarks;
  if (send(sample)) m_pendingMarks = 0;
}

void AgentServer::checkLeaks() {
  const int32_t pid = m_mainPid;
  if (pid == 0) {
    m_leaks.reset();
    return;
  }
  const uint64_t at = monotonicNs();
  const uint64_t atWallMs = wallMs();  // destroys logged before the baseline's check are part of it
  // The plain form on purpose: the app runs Runtime.gc() before counting its Activities.
  auto out = m_tools.run(Tool::kDumpsys, {"meminfo", std::to_string(pid)}, 30s);
  const core::devicetext::MeminfoReport report =
      out.ok() && out->exitCode == 0 ? core::devicetext::parseMeminfo(out->output) : core::devicetext::MeminfoReport();
  const auto* process = meminfoProcessOf(report, pid);
  if (process == nullptr) {
    // The app died while watched (or meminfo failed): the watch ends, no verdict; a new baseline later.
    m_leaks.reset(Clock::now() + m_leaks.interval());
    return;
  }
  proto::MemorySample sample = sampleOfMeminfo(*process, pid, at, kSourceMeminfoGc);
  sample.marks |= proto::kSampleGcForced;
  // The baseline's reading is no sample without a timeline (--memory-ms 0 asked for none).
  if (m_memoryInterval.count() > 0 || m_leaks.hasBaseline()) sendMemorySample(std::move(sample));
  if (m_package.empty()) return;
  const std::optional<int64_t> heapActivities = process->objects.activities;
  auto activities = m_tools.run(Tool::kDumpsys, {"activity", "activities"});
  if (!heapActivities || !activities.ok() || activities->exitCode != 0) {
    if (heapActivities) {
      m_leaks.reset(Clock::now() + m_leaks.interval());
    } else {
      m_leaks.arm(false);  // this phone cannot count: said once
    }
    sendError(proto::ErrorCode::kToolFailed,
              !heapActivities ? "leak watch: this phone's `dumpsys meminfo <pid>` has no Objects → Activities count, "
                                "so destroyed Activities cannot be checked"
                              : "leak watch: `dumpsys activity activities` failed");
    return;
  }
  const int system = core::devicetext::countActivityRecordsOf(activities->output, pid, m_package);
  const uint64_t countedWallMs = wallMs();  // a destroy logged later cannot explain what these counts show
  // Destroys the app logged while the tools ran are in the logcat pipe, unread: read them first,
  // so a rise they caused is not claimed by an earlier destroy still waiting for its check (the
  // collected Activity destroyed just before a leaking one would be blamed on a loaded machine).
  // At the baseline's check, those logged once it began counting are watched (leak_watcher.h).
  if (m_logcat.stdoutFd() >= 0) readLogcat();
  if (m_package.empty()) return;
  for (const LeakVerdict& verdict : m_leaks.checked(*heapActivities, system, Clock::now(), atWallMs, countedWallMs)) {
    sendLeakVerdict(verdict);
  }
}

void AgentServer::sendLeakVerdict(const LeakVerdict& v) {
  // Matrix ResourceCanary's issue keys (SharePluginInfo: activity, ref_key, leak_process,
  // dump_mode), plus what the check saw. Names are validated class and package names: no escaping.
  // A candidates verdict (`leaked` of the listed destroyed Activities, of differing classes, leaked)
  // says "one of" in `activity` and lists their components instead of `component`.
  std::string named = "\"activity\":\"" + v.activity + "\",\"component\":\"" + m_package + "/" + v.activity + "\"";
  if (!v.candidates.empty()) {
    std::string classes, components;
    for (size_t i = 0; i < v.candidates.size(); ++i) {
      const std::string& c = v.candidates[i];
      if (std::find(v.candidates.begin(), v.candidates.begin() + static_cast<ptrdiff_t>(i), c) ==
          v.candidates.begin() + static_cast<ptrdiff_t>(i)) {
        classes += (classes.empty() ? "" : ", ") + c;  // each class once
      }
      components += std::string(components.empty() ? "" : ",") + "\"" + m_package + "/" + c + "\"";
    }
    named = "\"activity\":\"one of " + classes + "\",\"candidates\":[" + components +
            "],\"leaked\":" + std::to_string(v.leaked);
  }
  const std::string refKey =
      "mxi-" + std::to_string(m_mainPid) + "-" + std::to_string(v.destroyedAtMs) + "-" + std::to_string(v.sequence);
  proto::MatrixIssue issue;
  issue.logTimeMs = wallMs();
  issue.monotonicNs = monotonicNs();
  issue.pid = m_mainPid;
  issue.logTag = "mxi.LeakWatch";
  issue.tag = "memory";
  issue.type = 0;  // SharePluginInfo.IssueType.LEAK_FOUND
  issue.key = refKey;
  issue.kind = proto::IssueKind::kMemory;
  issue.contentJson = "{\"tag\":\"memory\"," + named + ",\"ref_key\":\"" + refKey + "\",\"leak_process\":\"" +
                      m_package + "\",\"dump_mode\":\"" + proto::leakWatchModeName(m_leakMode) +
                      "\",\"checks\":" + std::to_string(v.checks) +
                      ",\"heap_activities\":" + std::to_string(v.heapActivities) +
                      ",\"system_activities\":" + std::to_string(v.systemActivities) +
                      ",\"destroyed_at_ms\":" + std::to_string(v.destroyedAtMs) + ",\"process\":\"" + m_package + "\"}";
  if (send(issue)) m_pendingMarks |= proto::kSampleLeakFound;
}

}  // namespace mxi::agent
