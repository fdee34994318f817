// Where a live recording's records go: the one stream a recorder (core/agentlink LiveRecorder,
// the source) writes is pushed to every sink in turn — the `.mxs` file (SessionFileSink), the
// live model the CLI's progress line reads (LiveRecordFeed) and the GUI's hand-off to its UI
// thread (LiveHandoff). scrcpy's frame_source / frame_sink split: the source computes no figures,
// each sink keeps what it needs, and a sink sees every record exactly once, in order.
#pragma once

#include <span>

#include "core/base/status.h"
#include "core/session/session_format.h"

namespace mxi::core::live {

class RecordSink {
 public:
  virtual ~RecordSink() = default;
  // The recording began (the first agent answered): its header, before any record.
  virtual Status open(const session::SessionHeader& header) = 0;
  // Records as the source writes them, oldest first, each exactly once. An error ends the
  // recording (the file could not be written); sinks that only look return ok.
  virtual Status push(std::span<const session::SessionRecord> records) = 0;
  // The end of one turn of the source's loop (a message handled or a quiet receive, at most
  // ~200 ms apart): a sink that batches hands on what it holds now.
  virtual Status flush() { return okStatus(); }
  // The recording ended; nothing follows. A sink that batches hands on the rest.
  virtual Status close() { return flush(); }
};

}  // namespace mxi::core::live
