// The `.mxs` file as a sink of a live recording: created when the recording begins (the header
// comes from the first agent's hello), each record appended as it is written, and flushed — so
// durable (FsyncPolicy::kOnFlush) — at most once a second, however often the source's turns end.
#pragma once

#include <chrono>
#include <memory>
#include <string>

#include "core/live/record_sink.h"
#include "core/session/session_writer.h"

namespace mxi::core::live {

class SessionFileSink final : public RecordSink {
 public:
  explicit SessionFileSink(std::string path) : m_path(std::move(path)) {}

  Status open(const session::SessionHeader& header) override;
  Status push(std::span<const session::SessionRecord> records) override;
  Status flush() override;
  Status close() override;  // the file is complete (footer, index, sync)

  const std::string& path() const { return m_path; }
  bool isOpen() const { return m_writer != nullptr; }

 private:
  static constexpr std::chrono::seconds kSyncInterval{1};
  std::string m_path;
  std::unique_ptr<session::SessionWriter> m_writer;
  std::chrono::steady_clock::time_point m_nextSync;
};

}  // namespace mxi::core::live
