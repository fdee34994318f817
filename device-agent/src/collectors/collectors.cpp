// The built-in collectors, one line each, in the order they are polled and shown log lines: the
// processes first (the others need the main pid), the scene before the frames (it names
// windowless rows), the am_anr and destroy lines before the Matrix issue and StrictMode lines, the app's SQL last.
#include "device-agent/src/collector_registry.h"
#include "device-agent/src/collectors/anr_collector.h"
#include "device-agent/src/collectors/dbinfo_collector.h"
#include "device-agent/src/collectors/frames_collector.h"
#include "device-agent/src/collectors/leak_watch_collector.h"
#include "device-agent/src/collectors/matrix_issue_collector.h"
#include "device-agent/src/collectors/memory_collector.h"
#include "device-agent/src/collectors/processes_collector.h"
#include "device-agent/src/collectors/scene_collector.h"
#include "device-agent/src/collectors/strictmode_collector.h"

namespace mxi::agent {

void registerCollectors(CollectorRegistry& registry) {
  registry.add<ProcessesCollector>();
  registry.add<SceneCollector>();
  registry.add<FramesCollector>();
  registry.add<AnrCollector>();
  registry.add<LeakWatchCollector>();
  registry.add<MemoryCollector>();
  registry.add<MatrixIssueCollector>();
  registry.add<StrictModeCollector>();
  registry.add<DbinfoCollector>();
}

}  // namespace mxi::agent
