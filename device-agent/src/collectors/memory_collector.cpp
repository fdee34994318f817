#include "device-agent/src/collectors/memory_collector.h"

#include <algorithm>
#include <fstream>
#include <sstream>

#include "core/meminfo/meminfo_text.h"
#include "device-agent/src/agent_clocks.h"
#include "device-agent/src/collector_context.h"
#include "device-agent/src/memory_sampler.h"

namespace mxi::agent {

namespace proto = core::protocol;

bool MemoryCollector::start(CollectorContext& context) {
  const uint32_t ms = context.request().memoryIntervalMs;
  // Layout 3: 0 (or an older desktop's StartCollecting) samples nothing.
  m_interval = std::chrono::milliseconds(ms == 0 ? 0 : std::clamp<uint32_t>(ms, 100, 60'000));
  m_next = Clock::now();
  m_saidNoMemory = false;
  return ms != 0;
}

Collector::Clock::time_point MemoryCollector::due(Clock::time_point byPeriod, const CollectorContext& context) const {
  (void)byPeriod, (void)context;
  return m_next;
}

void MemoryCollector::poll(CollectorContext& context) {
  m_next = std::max(m_next + m_interval, Clock::now());
  sample(context);
}

void MemoryCollector::sample(CollectorContext& context) {
  const int32_t pid = context.app().mainPid();  // from the agent's own ps
  if (pid == 0) return;
  const uint64_t at = monotonicNs();
  std::optional<proto::MemorySample> sample;
  // Never the plain `dumpsys meminfo <pid>` here: it makes the app collect garbage (the jank we measure).
  auto out = context.tools().run(Tool::kDumpsys, {"meminfo", "--local", std::to_string(pid)});
  if (out.ok() && out->exitCode == 0) {
    const core::meminfo::MeminfoReport report = core::meminfo::parseMeminfo(out->output);
    if (const auto* process = meminfoProcessOf(report, pid)) {
      sample = sampleOfMeminfo(*process, pid, at, kSourceMeminfoLocal);
    }
  }
  if (!sample) {
    std::ifstream in(context.procDir() + "/" + std::to_string(pid) + "/smaps_rollup");
    std::stringstream text;
    text << in.rdbuf();
    if (auto rollup = in ? parseSmapsRollup(text.str()) : std::nullopt) sample = sampleOfSmapsRollup(*rollup, pid, at);
  }
  if (!sample) {
    // A process that just died answers "No process found": the next ps says so; nothing to tell.
    const bool gone = out.ok() && out->output.find("No process found") != std::string::npos;
    if (!gone && !m_saidNoMemory) {
      m_saidNoMemory = true;
      context.sendError(proto::ErrorCode::kToolFailed,
                        "the memory of " + context.app().package() + " (pid " + std::to_string(pid) +
                            ") cannot be read: `dumpsys meminfo --local` gave no table for it and /proc/" +
                            std::to_string(pid) + "/smaps_rollup is not readable; frames and issues still are");
    }
    return;
  }
  context.sendMemorySample(std::move(*sample));
}

}  // namespace mxi::agent
