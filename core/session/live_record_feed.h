// Feeds session records as a live recorder writes them (core/agentlink LiveRecorder observer)
// into a LiveSession: frames batched per scene, issues and ANRs parsed (evil-method call trees
// built), marks, heap dumps and frame gaps as marks. Times become ms since the recording's start
// (setStartNs, from the agent's hello) or else the first timed record; a record without a device
// time (an issue before any frame) is placed at the newest time seen.
#pragma once

#include <memory>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "core/matrix/method_mapping.h"
#include "core/session/live_session.h"
#include "core/session/session_format.h"

namespace mxi::core::session {

class LiveRecordFeed {
 public:
  explicit LiveRecordFeed(LiveSession& session) : m_session(session) {}
  void add(std::span<const SessionRecord> records);
  // Names evil-method call trees of issues added from now on.
  void setMapping(std::shared_ptr<const matrix::MethodMapping> mapping) { m_mapping = std::move(mapping); }
  // The recording's start on the device's monotonic clock; before the first add().
  void setStartNs(int64_t startNs) {
    if (startNs <= 0 || m_origin) return;
    m_origin = startNs;
    m_session.setStartNs(startNs);
  }

 private:
  int64_t msOf(int64_t timeNs);

  LiveSession& m_session;
  std::string m_scene;
  std::shared_ptr<const matrix::MethodMapping> m_mapping;
  std::optional<int64_t> m_origin;
  int64_t m_newestNs = 0;
};

}  // namespace mxi::core::session
