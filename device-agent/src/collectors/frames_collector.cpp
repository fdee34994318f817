#include "device-agent/src/collectors/frames_collector.h"

#include "device-agent/src/collector_context.h"
#include "device-agent/src/framestats_parser.h"

namespace mxi::agent {

namespace proto = core::protocol;

bool FramesCollector::start(CollectorContext& context) {
  m_period = context.pollInterval();
  return (context.request().collectors & proto::kCollectFrames) != 0;
}

void FramesCollector::processesRefreshed(CollectorContext& context, bool mainChanged) {
  (void)context;
  if (mainChanged) m_frames.reset();
}

void FramesCollector::poll(CollectorContext& context) {
  const TargetApp& app = context.app();
  if (app.mainPid() == 0) return;
  auto out = context.tools().run(Tool::kDumpsys, {"gfxinfo", app.package(), "framestats"});
  if (!out.ok() || out->exitCode != 0) return;
  const uint32_t milliHz = context.device().refreshMilliHz;
  const uint64_t periodNs = milliHz ? 1'000'000'000'000ull / milliHz : 0;
  if (out->output.starts_with("Can't find service: gfxinfo")) {
    if (!m_saidNoGfxinfo) {
      m_saidNoGfxinfo = true;
      context.sendError(proto::ErrorCode::kToolFailed,
                        "this phone has no gfxinfo service (dumpsys: Can't find service: gfxinfo), so frame times "
                        "cannot be read; Matrix issues and ANRs still are");
    }
    return;
  }
  NewFrames fresh = m_frames.newFrames(app.package(), parseFramestats(out->output), app.scene(), periodNs);
  for (auto& gap : fresh.gaps) {
    if (!context.send(gap)) return;
  }
  for (auto& batch : fresh.batches) {
    if (!context.send(batch)) return;
  }
}

}  // namespace mxi::agent
