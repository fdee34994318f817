#include "core/base/status.h"

namespace mxi::core {

const char* statusCodeName(StatusCode code) {
  switch (code) {
    case StatusCode::kOk: return "ok";
    case StatusCode::kInvalidInput: return "invalid input";
    case StatusCode::kNotFound: return "not found";
    case StatusCode::kIoError: return "I/O error";
    case StatusCode::kCancelled: return "cancelled";
    case StatusCode::kTimeout: return "timeout";
    case StatusCode::kResourceLimit: return "resource limit";
    case StatusCode::kInternal: return "internal error";
  }
  return "unknown";
}

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
