#include "core/agentlink/heap_dump_receiver.h"

#include <zlib.h>

#include <cstdio>

#include "core/base/progress.h"

namespace mxi::core::agentlink {

namespace proto = protocol;

HeapDumpReceiver::~HeapDumpReceiver() {
  if (!m_done) discard();
}

void HeapDumpReceiver::discard() {
  if (m_file != nullptr) std::fclose(m_file);
  m_file = nullptr;
  std::remove(m_path.c_str());
}

bool HeapDumpReceiver::concerns(const proto::Message& message) const {
  if (const auto* b = std::get_if<proto::HeapDumpBegin>(&message)) return b->requestId == m_requestId;
  if (const auto* c = std::get_if<proto::HeapDumpChunk>(&message)) return c->requestId == m_requestId;
  if (const auto* e = std::get_if<proto::HeapDumpEnd>(&message)) return e->requestId == m_requestId;
  if (const auto* e = std::get_if<proto::Error>(&message)) return e->requestId == m_requestId;
  return false;
}

int HeapDumpReceiver::permille() const {
  if (m_done) return ProgressSink::kMax;
  if (m_total == 0) return 0;
  return static_cast<int>(std::min<uint64_t>(m_received * ProgressSink::kMax / m_total, ProgressSink::kMax - 1));
}

StatusOr<bool> HeapDumpReceiver::accept(const proto::Message& message) {
  if (m_done) return true;
  if (const auto* e = std::get_if<proto::Error>(&message)) {
    discard();
    return invalidInput("agent: " + e->message);
  }
  if (const auto* b = std::get_if<proto::HeapDumpBegin>(&message)) {
    if (m_file != nullptr) return invalidInput("heap dump began twice");
    m_file = std::fopen(m_path.c_str(), "wb");
    if (m_file == nullptr) return ioError("cannot write " + m_path);
    m_total = b->totalBytes;
    m_crc = crc32(0L, Z_NULL, 0);
    return false;
  }
  if (m_file == nullptr) return invalidInput("heap dump data before its beginning");
  if (const auto* c = std::get_if<proto::HeapDumpChunk>(&message)) {
    if (c->offset != m_received) {
      discard();
      return invalidInput("heap dump chunk out of order", m_received);
    }
    m_raw.resize(c->rawLength);
    uLongf length = c->rawLength;
    if (uncompress(m_raw.data(), &length, c->zlibData.data(), static_cast<uLong>(c->zlibData.size())) != Z_OK ||
        length != c->rawLength) {
      discard();
      return invalidInput("corrupt heap dump chunk", c->offset);
    }
    if (std::fwrite(m_raw.data(), 1, length, m_file) != length) {
      discard();
      return ioError("writing " + m_path + " failed");
    }
    m_crc = crc32(m_crc, m_raw.data(), static_cast<uInt>(length));
    m_received += length;
    return false;
  }
  if (const auto* end = std::get_if<proto::HeapDumpEnd>(&message)) {
    const bool written = std::fclose(m_file) == 0;
    m_file = nullptr;
    if (!written) {
      discard();
      return ioError("writing " + m_path + " failed");
    }
    if (end->totalBytes != m_received || end->crc32 != static_cast<uint32_t>(m_crc)) {
      discard();
      return invalidInput("heap dump damaged in transfer (size or CRC-32 differs)");
    }
    m_done = true;
    return true;
  }
  return false;
}

}  // namespace mxi::core::agentlink
