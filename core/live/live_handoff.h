// The live model split across two threads, for the GUI: a RecordSink on the recording's thread
// that decodes records there (JSON, ANR dumps, call trees: LiveRecordDecoder) and hands the
// decoded updates to the thread that owns the LiveSession (the UI thread, where the dashboard
// reads it) in batches. The records themselves never cross: only their decoded updates do, once.
//
// At the end of each of the source's turns (flush) what was decoded joins the batch waiting to be
// taken, and `wake` is called once per waiting batch — the consumer takes everything that arrived
// meanwhile in one take(), so a consumer that falls behind gets fewer, larger batches rather than
// a growing queue of calls.
#pragma once

#include <functional>
#include <memory>
#include <mutex>

#include "core/live/live_batch.h"
#include "core/live/live_record_feed.h"
#include "core/live/record_sink.h"

namespace mxi::core::live {

class LiveHandoff final : public RecordSink {
 public:
  // Called on the recording's thread when a batch starts waiting; it arranges for take() to run
  // on the consumer's thread (the GUI: a queued call).
  using Wake = std::function<void()>;
  explicit LiveHandoff(Wake wake) : m_wake(std::move(wake)) {}

  // Before the recording starts (the recording's thread owns the decoder from then on).
  void setMapping(std::shared_ptr<const matrix::MethodMapping> mapping) { m_decoder.setMapping(std::move(mapping)); }

  Status open(const session::SessionHeader& header) override;
  Status push(std::span<const session::SessionRecord> records) override;
  Status flush() override;

  // Consumer thread: everything handed on since the last take, oldest first. Thread-safe.
  LiveBatch take();
  // How often wake was called (tests, the benchmark). Thread-safe.
  uint64_t wakes() const;

 private:
  // The recording's thread only.
  LiveRecordDecoder m_decoder;
  LiveBatch m_decoded;

  mutable std::mutex m_mutex;  // guards the three below
  LiveBatch m_waiting;
  bool m_woken = false;  // wake was called for m_waiting and it was not taken yet
  uint64_t m_wakes = 0;
  Wake m_wake;
};

}  // namespace mxi::core::live
