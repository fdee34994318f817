// Session records as a live recorder writes them → the live model. LiveRecordDecoder turns them
// into a LiveBatch: frames batched per scene, issues and ANRs parsed (evil-method call trees
// built), marks, heap dumps and frame gaps as marks. Times become ms since the recording's start
// (setStartNs, from the agent's hello) or else the first timed record; a record without a device
// time (an issue before any frame) is placed at the newest time seen. LiveRecordFeed is the
// decoder and a LiveSession on one thread: the sink whose figures `mxi record` prints (and what
// tests and the fuzzer feed); the GUI splits the two across threads with LiveHandoff.
#pragma once

#include <memory>
#include <optional>
#include <span>
#include <string>

#include "core/live/live_batch.h"
#include "core/live/live_session.h"
#include "core/live/record_sink.h"
#include "core/matrix/method_mapping.h"
#include "core/session/session_format.h"

namespace mxi::core::live {

class LiveRecordDecoder {
 public:
  // Appends to `out` what these records change in the live model.
  void decode(std::span<const session::SessionRecord> records, LiveBatch& out);
  // Names evil-method call trees of issues decoded from now on.
  void setMapping(std::shared_ptr<const matrix::MethodMapping> mapping) { m_mapping = std::move(mapping); }
  // The recording's start on the device's monotonic clock; before the first decode(). Returns
  // whether it was taken (not when unknown, 0, or a start is already set).
  bool setStartNs(int64_t startNs);
  std::optional<int64_t> startNs() const { return m_origin; }

 private:
  int64_t msOf(int64_t timeNs, LiveBatch& out);

  std::string m_scene;
  std::shared_ptr<const matrix::MethodMapping> m_mapping;
  std::optional<int64_t> m_origin;
  int64_t m_newestNs = 0;
};

class LiveRecordFeed final : public RecordSink {
 public:
  explicit LiveRecordFeed(LiveSession& session) : m_session(session) {}
  void add(std::span<const session::SessionRecord> records);
  void setMapping(std::shared_ptr<const matrix::MethodMapping> mapping) { m_decoder.setMapping(std::move(mapping)); }
  void setStartNs(int64_t startNs) {
    if (m_decoder.setStartNs(startNs)) m_session.setStartNs(startNs);
  }

  // RecordSink: the model follows the recording as it is written.
  Status open(const session::SessionHeader& header) override {
    setStartNs(header.startMonotonicNs);
    return okStatus();
  }
  Status push(std::span<const session::SessionRecord> records) override {
    add(records);
    return okStatus();
  }

 private:
  LiveSession& m_session;
  LiveRecordDecoder m_decoder;
};

}  // namespace mxi::core::live
