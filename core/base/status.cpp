#include "core/base/status.h"

namespace mxi::core {

std::string Status::toString() const {
  if (ok()) return "ok";
  std::string s = m_message;
  if (hasOffset()) s += " (at byte offset " + std::to_string(m_offset) + ")";
  return s;
}

Status Status::withContext(const std::string& context) const {
  if (ok()) return *this;
  return Status(m_code, context + ": " + m_message, m_offset);
}

}  // namespace mxi::core
