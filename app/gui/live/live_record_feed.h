// Feeds session records as a live recorder writes them (core/agentlink LiveRecorder observer)
// into a LiveSession: frames batched per scene, issues and ANRs parsed (evil-method call trees
// built), marks and heap dumps as marks. Times become ms since the first timed record; a record
// without a device time (an issue before any frame) is placed at the newest time seen.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "app/gui/live/live_session.h"
#include "core/session/session_format.h"

namespace mxi::gui {

class LiveRecordFeed {
 public:
  explicit LiveRecordFeed(LiveSession& session) : m_session(session) {}
  void add(std::vector<core::session::SessionRecord>& records);

 private:
  int64_t msOf(int64_t timeNs);

  LiveSession& m_session;
  std::string m_scene;
  std::optional<int64_t> m_origin;
  int64_t m_newestNs = 0;
};

}  // namespace mxi::gui
