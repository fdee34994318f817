// Frames without the SDK: `dumpsys gfxinfo <pkg> framestats` every poll interval while the main
// process runs, each row sent once (FrameDeduplicator, frame_collector.h) with the gaps the
// platform's ring let through. A new main process starts new windows: what was sent is forgotten.
// A phone without the gfxinfo service is told once per agent.
#pragma once

#include "device-agent/src/collector.h"
#include "device-agent/src/frame_collector.h"

namespace mxi::agent {

class FramesCollector final : public Collector {
 public:
  std::string_view name() const override { return "frames"; }
  bool start(CollectorContext& context) override;
  std::chrono::milliseconds period() const override { return m_period; }
  void poll(CollectorContext& context) override;
  void processesRefreshed(CollectorContext& context, bool mainChanged) override;
  void stop() override { m_frames.reset(); }

 private:
  std::chrono::milliseconds m_period{1000};
  FrameDeduplicator m_frames;
  bool m_saidNoGfxinfo = false;
};

}  // namespace mxi::agent
