// An agent connection without a device: the stream serves the encoded messages it was given,
// then fires a cancel token (so LiveRecorder::run ends as when the user stops). Lets tests and
// fuzzers drive the recorder's real path from agent bytes to a session file.
#pragma once

#include <algorithm>
#include <cstring>
#include <vector>

#include "core/adb/adb_stream.h"
#include "core/base/cancel_token.h"
#include "core/protocol/message_codec.h"

namespace mxi::test {

class ScriptedAgentStream final : public core::adb::AdbStream {
 public:
  ScriptedAgentStream(const std::vector<core::protocol::Message>& messages, core::CancelToken& endOfScript)
      : m_end(endOfScript) {
    for (const auto& m : messages) core::protocol::appendMessage(m_bytes, m);
  }
  core::StatusOr<size_t> read(char* buffer, size_t size, const core::adb::IoLimits&) override {
    if (m_at == m_bytes.size()) {
      m_end.cancel();
      return core::cancelled();
    }
    const size_t n = std::min(size, m_bytes.size() - m_at);
    std::memcpy(buffer, m_bytes.data() + m_at, n);
    m_at += n;
    return n;
  }
  core::Status write(std::string_view, const core::adb::IoLimits&) override { return core::okStatus(); }
  void close() override {}
  std::string description() const override { return "scripted agent"; }

 private:
  core::CancelToken& m_end;
  std::vector<uint8_t> m_bytes;
  size_t m_at = 0;
};

}  // namespace mxi::test
