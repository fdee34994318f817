#include "core/live/session_file_sink.h"

namespace mxi::core::live {

Status SessionFileSink::open(const session::SessionHeader& header) {
  if (m_writer) return okStatus();
  ASSIGN_OR_RETURN(m_writer, session::SessionWriter::create(m_path, header));
  m_nextSync = std::chrono::steady_clock::now() + kSyncInterval;
  return okStatus();
}

Status SessionFileSink::push(std::span<const session::SessionRecord> records) {
  if (!m_writer) return internalError("session file " + m_path + " is not open");
  for (const session::SessionRecord& r : records) RETURN_IF_ERROR(m_writer->append(r));
  return okStatus();
}

Status SessionFileSink::flush() {
  if (!m_writer || std::chrono::steady_clock::now() < m_nextSync) return okStatus();
  m_nextSync = std::chrono::steady_clock::now() + kSyncInterval;
  (void)m_writer->flush();  // best effort, as before: a failing disk shows in the next append or close
  return okStatus();
}

Status SessionFileSink::close() {
  if (!m_writer) return okStatus();
  return m_writer->close();
}

}  // namespace mxi::core::live
