// The resumed activity (`dumpsys activity activities`, every poll interval, with the frames): a
// SceneChange when the package's scene changes, and with kCollectProcesses an AppState when the
// package enters or leaves the foreground. The frames collector names rows without a window by
// this scene.
#pragma once

#include "device-agent/src/collector.h"

namespace mxi::agent {

class SceneCollector final : public Collector {
 public:
  std::string_view name() const override { return "scene"; }
  bool start(CollectorContext& context) override;
  std::chrono::milliseconds period() const override { return m_period; }
  void poll(CollectorContext& context) override;

 private:
  std::chrono::milliseconds m_period{1000};
  bool m_tellsAppState = false;
};

}  // namespace mxi::agent
