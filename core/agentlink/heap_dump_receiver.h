// Writes a heap dump the agent streams (HeapDumpBegin, zlib chunks, HeapDumpEnd) to a file and
// checks it: chunks in order, each inflating to its stated length, total size and CRC-32 equal
// to the agent's. Fed one message at a time, so `mxi dumpheap` and a live recording (which
// receives frames and issues between the chunks) share it. A failed or abandoned transfer
// removes the partial file.
#pragma once

#include <cstdint>
#include <cstdio>
#include <string>
#include <vector>

#include "core/base/status.h"
#include "core/protocol/messages.h"

namespace mxi::core::agentlink {

class HeapDumpReceiver {
 public:
  HeapDumpReceiver(std::string path, uint32_t requestId) : m_path(std::move(path)), m_requestId(requestId) {}
  ~HeapDumpReceiver();
  HeapDumpReceiver(const HeapDumpReceiver&) = delete;
  HeapDumpReceiver& operator=(const HeapDumpReceiver&) = delete;

  // True when the message belongs to this transfer (a heap-dump message or an Error with its id).
  bool concerns(const protocol::Message& message) const;
  // Takes one message this transfer concerns; returns true once the dump is complete and verified.
  StatusOr<bool> accept(const protocol::Message& message);

  const std::string& path() const { return m_path; }
  uint32_t requestId() const { return m_requestId; }
  uint64_t receivedBytes() const { return m_received; }
  uint64_t totalBytes() const { return m_total; }  // 0 until HeapDumpBegin
  // 0..1000 (ProgressSink scale).
  int permille() const;

 private:
  void discard();

  std::string m_path;
  uint32_t m_requestId;
  std::FILE* m_file = nullptr;
  bool m_done = false;
  uint64_t m_total = 0, m_received = 0;
  unsigned long m_crc = 0;
  std::vector<uint8_t> m_raw;
};

}  // namespace mxi::core::agentlink
