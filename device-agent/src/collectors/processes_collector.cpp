#include "device-agent/src/collectors/processes_collector.h"

#include "device-agent/src/collector_context.h"

namespace mxi::agent {

namespace proto = core::protocol;

bool ProcessesCollector::start(CollectorContext& context) {
  m_period = context.pollInterval();
  m_tellsAppState = (context.request().collectors & proto::kCollectProcesses) != 0;
  m_saidAppState = false;
  return true;
}

void ProcessesCollector::poll(CollectorContext& context) { context.refreshProcesses(); }

void ProcessesCollector::processesRefreshed(CollectorContext& context, bool mainChanged) {
  if (!m_tellsAppState || (!mainChanged && m_saidAppState)) return;
  m_saidAppState = true;
  const TargetApp& app = context.app();
  context.send(proto::AppState{app.package(), app.mainPid(),
                               app.mainPid() ? proto::AppRunState::kRunning : proto::AppRunState::kStopped,
                               app.inForeground()});
}

}  // namespace mxi::agent
