#include "device-agent/src/collectors/leak_watch_collector.h"

#include <algorithm>

#include "core/devicetext/activity_records.h"
#include "core/meminfo/meminfo_text.h"
#include "device-agent/src/agent_clocks.h"
#include "device-agent/src/collector_context.h"
#include "device-agent/src/memory_sampler.h"

namespace mxi::agent {

namespace proto = core::protocol;
using namespace std::chrono_literals;

bool LeakWatchCollector::start(CollectorContext& context) {
  const proto::StartCollecting& request = context.request();
  m_mode = request.leakWatch;
  m_leaks.configure(request.leakCheckIntervalMs, request.leakChecks);
  m_leaks.arm(m_mode != proto::LeakWatchMode::kOff);  // its first check takes the baseline
  return m_mode != proto::LeakWatchMode::kOff;
}

void LeakWatchCollector::stop() {
  m_mode = proto::LeakWatchMode::kOff;
  m_leaks.arm(false);
}

Collector::Clock::time_point LeakWatchCollector::due(Clock::time_point byPeriod,
                                                     const CollectorContext& context) const {
  (void)byPeriod;
  if (context.app().mainPid() == 0 || !m_leaks.watching()) return Clock::time_point::max();
  return m_leaks.nextCheck();
}

void LeakWatchCollector::processesRefreshed(CollectorContext& context, bool mainChanged) {
  (void)context;
  if (mainChanged) m_leaks.reset();  // the watched heap is gone: no verdict about it; the next one's baseline at once
}

bool LeakWatchCollector::logLine(std::string_view text, const LogLine& line, CollectorContext& context) {
  (void)text;
  auto destroy = parseActivityDestroy(line);
  if (!destroy) return false;
  // The app's own process logs its destroys: those of the main process (the one sampled) are watched.
  const int32_t mainPid = context.app().mainPid();
  if (line.pid == mainPid && mainPid != 0) m_leaks.destroyed(destroy->activity, line.timeMs, Clock::now());
  return true;
}

void LeakWatchCollector::poll(CollectorContext& context) {
  if (context.app().mainPid() != 0 && m_leaks.due(Clock::now())) check(context);
}

void LeakWatchCollector::check(CollectorContext& context) {
  const int32_t pid = context.app().mainPid();
  const uint64_t at = monotonicNs();
  const uint64_t atWallMs = wallMs();  // destroys logged before the baseline's check are part of it
  // The plain form on purpose: the app runs Runtime.gc() before counting its Activities.
  auto out = context.tools().run(Tool::kDumpsys, {"meminfo", std::to_string(pid)}, 30s);
  const core::meminfo::MeminfoReport report =
      out.ok() && out->exitCode == 0 ? core::meminfo::parseMeminfo(out->output) : core::meminfo::MeminfoReport();
  const auto* process = meminfoProcessOf(report, pid);
  if (process == nullptr) {
    // The app died while watched (or meminfo failed): the watch ends, no verdict; a new baseline later.
    m_leaks.reset(Clock::now() + m_leaks.interval());
    return;
  }
  proto::MemorySample sample = sampleOfMeminfo(*process, pid, at, kSourceMeminfoGc);
  sample.marks |= proto::kSampleGcForced;
  // The baseline's reading is no sample without a timeline (--memory-ms 0 asked for none).
  if (context.request().memoryIntervalMs != 0 || m_leaks.hasBaseline()) context.sendMemorySample(std::move(sample));
  if (!context.active()) return;
  const std::optional<int64_t> heapActivities = process->objects.activities;
  auto activities = context.tools().run(Tool::kDumpsys, {"activity", "activities"});
  if (!heapActivities || !activities.ok() || activities->exitCode != 0) {
    if (heapActivities) {
      m_leaks.reset(Clock::now() + m_leaks.interval());
    } else {
      m_leaks.arm(false);  // this phone cannot count: said once
    }
    context.sendError(proto::ErrorCode::kToolFailed,
                      !heapActivities
                          ? "leak watch: this phone's `dumpsys meminfo <pid>` has no Objects → Activities count, "
                            "so destroyed Activities cannot be checked"
                          : "leak watch: `dumpsys activity activities` failed");
    return;
  }
  const int system = core::devicetext::countActivityRecordsOf(activities->output, pid, context.app().package());
  const uint64_t countedWallMs = wallMs();  // a destroy logged later cannot explain what these counts show
  // Destroys the app logged before and while the tools ran are in the logcat pipe, unread: read
  // them first. One logged before the check began is judged by it; one logged while it counted
  // is judged by the next check, which begins after it (a loaded agent's check may run past the
  // next destroy); at the baseline's check, those are watched (leak_watcher.h).
  context.drainLog();
  if (!context.active()) return;
  for (const LeakVerdict& verdict : m_leaks.checked(*heapActivities, system, Clock::now(), atWallMs, countedWallMs)) {
    sendVerdict(context, verdict);
  }
}

void LeakWatchCollector::sendVerdict(CollectorContext& context, const LeakVerdict& v) {
  // Matrix ResourceCanary's issue keys (SharePluginInfo: activity, ref_key, leak_process,
  // dump_mode), plus what the check saw. Names are validated class and package names: no escaping.
  // A candidates verdict (`leaked` of the listed destroyed Activities, of differing classes, leaked)
  // says "one of" in `activity` and lists their components instead of `component`.
  const std::string& package = context.app().package();
  const int32_t mainPid = context.app().mainPid();
  std::string named = "\"activity\":\"" + v.activity + "\",\"component\":\"" + package + "/" + v.activity + "\"";
  if (!v.candidates.empty()) {
    std::string classes, components;
    for (size_t i = 0; i < v.candidates.size(); ++i) {
      const std::string& c = v.candidates[i];
      if (std::find(v.candidates.begin(), v.candidates.begin() + static_cast<ptrdiff_t>(i), c) ==
          v.candidates.begin() + static_cast<ptrdiff_t>(i)) {
        classes += (classes.empty() ? "" : ", ") + c;  // each class once
      }
      components += std::string(components.empty() ? "" : ",") + "\"" + package + "/" + c + "\"";
    }
    named = "\"activity\":\"one of " + classes + "\",\"candidates\":[" + components +
            "],\"leaked\":" + std::to_string(v.leaked);
  }
  const std::string refKey =
      "mxi-" + std::to_string(mainPid) + "-" + std::to_string(v.destroyedAtMs) + "-" + std::to_string(v.sequence);
  proto::MatrixIssue issue;
  issue.logTimeMs = wallMs();
  issue.monotonicNs = monotonicNs();
  issue.pid = mainPid;
  issue.logTag = "mxi.LeakWatch";
  issue.tag = "memory";
  issue.type = 0;  // SharePluginInfo.IssueType.LEAK_FOUND
  issue.key = refKey;
  issue.kind = proto::IssueKind::kMemory;
  issue.contentJson = "{\"tag\":\"memory\"," + named + ",\"ref_key\":\"" + refKey + "\",\"leak_process\":\"" + package +
                      "\",\"dump_mode\":\"" + proto::leakWatchModeName(m_mode) +
                      "\",\"checks\":" + std::to_string(v.checks) +
                      ",\"heap_activities\":" + std::to_string(v.heapActivities) +
                      ",\"system_activities\":" + std::to_string(v.systemActivities) +
                      ",\"destroyed_at_ms\":" + std::to_string(v.destroyedAtMs) + ",\"process\":\"" + package + "\"}";
  if (context.send(issue)) context.markNextSample(proto::kSampleLeakFound);
}

}  // namespace mxi::agent
