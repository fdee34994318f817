#include "device-agent/src/collectors/scene_collector.h"

#include "device-agent/src/agent_clocks.h"
#include "device-agent/src/collector_context.h"
#include "device-agent/src/device_info_parsers.h"
#include "device-agent/src/framestats_parser.h"

namespace mxi::agent {

namespace proto = core::protocol;

bool SceneCollector::start(CollectorContext& context) {
  m_period = context.pollInterval();
  m_tellsAppState = (context.request().collectors & proto::kCollectProcesses) != 0;
  return (context.request().collectors & proto::kCollectFrames) != 0;
}

void SceneCollector::poll(CollectorContext& context) {
  auto activities = context.tools().run(Tool::kDumpsys, {"activity", "activities"});
  if (!activities.ok() || activities->exitCode != 0) return;
  TargetApp& app = context.app();
  const std::optional<std::string> component = parseResumedActivity(activities->output);
  const std::string pkg(component ? packageOfComponent(*component) : std::string_view());
  const std::string scene = pkg == app.package() && component ? sceneOfWindow(*component) : std::string();
  const bool foregroundChanged = pkg != app.foregroundPackage();
  app.setForegroundPackage(pkg);
  if (foregroundChanged && m_tellsAppState) {
    context.send(proto::AppState{app.package(), app.mainPid(),
                                 app.mainPid() ? proto::AppRunState::kRunning : proto::AppRunState::kStopped,
                                 pkg == app.package()});
  }
  if (scene != app.scene()) {
    app.setScene(scene);
    context.send(proto::SceneChange{monotonicNs(), app.package(), scene});
  }
}

}  // namespace mxi::agent
