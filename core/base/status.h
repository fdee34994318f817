// Status / StatusOr: how core/ reports failure without exceptions (house rule E1).
// A failed Status carries a code, a message and, for input errors, the byte offset where
// the problem was found, so the CLI and GUI can say "what and where".
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <type_traits>
#include <utility>
#include <variant>

#include "core/base/check.h"

namespace mxi::core {

enum class StatusCode : uint8_t {
  kOk = 0,
  kInvalidInput,   // the input is malformed, truncated or unsupported (CLI exit code 2)
  kNotFound,       // a named file, entry, object or field does not exist (exit code 2)
  kIoError,        // the OS refused a read/write/map (exit code 2: the input is unusable)
  kCancelled,      // the caller's CancelToken fired
  kTimeout,        // a bounded wait ended with nothing to read or write: the peer may only be slow
  kResourceLimit,  // a configured limit (decompressed size, index size) would be exceeded
  kInternal,       // a bug: an invariant did not hold (exit code 1)
};

class Status {
 public:
  static constexpr uint64_t kNoOffset = UINT64_MAX;

  Status() = default;  // ok
  Status(StatusCode code, std::string message, uint64_t offset = kNoOffset)
      : m_code(code), m_message(std::move(message)), m_offset(offset) {}

  bool ok() const { return m_code == StatusCode::kOk; }
  StatusCode code() const { return m_code; }
  const std::string& message() const { return m_message; }
  bool hasOffset() const { return m_offset != kNoOffset; }
  uint64_t offset() const { return m_offset; }

  // "message (at byte offset N)" — the form every front end prints.
  std::string toString() const;

  // Prepends context ("reading foo.hprof: ") while keeping code and offset.
  Status withContext(const std::string& context) const;

 private:
  StatusCode m_code = StatusCode::kOk;
  std::string m_message;
  uint64_t m_offset = kNoOffset;
};

inline Status okStatus() { return {}; }
inline Status invalidInput(std::string msg, uint64_t offset = Status::kNoOffset) {
  return {StatusCode::kInvalidInput, std::move(msg), offset};
}
inline Status notFound(std::string msg) { return {StatusCode::kNotFound, std::move(msg)}; }
inline Status ioError(std::string msg) { return {StatusCode::kIoError, std::move(msg)}; }
inline Status cancelled() { return {StatusCode::kCancelled, "cancelled"}; }
inline Status timedOut(std::string msg) { return {StatusCode::kTimeout, std::move(msg)}; }
inline Status resourceLimit(std::string msg, uint64_t offset = Status::kNoOffset) {
  return {StatusCode::kResourceLimit, std::move(msg), offset};
}
inline Status internalError(std::string msg) { return {StatusCode::kInternal, std::move(msg)}; }

template <typename T>
class StatusOr {
 public:
  StatusOr(Status status) : m_value(std::move(status)) {  // NOLINT: implicit by design
    MXI_CHECK(!std::get<Status>(m_value).ok());
  }
  StatusOr(T value) : m_value(std::move(value)) {}  // NOLINT: implicit by design
  // From a StatusOr of a convertible type: StatusOr<shared_ptr<X>> where StatusOr<shared_ptr<const X>>
  // is expected (HeapIndex::build hands out a mutable index that callers share as const).
  template <typename U>
  requires(!std::is_same_v<U, T> && std::is_convertible_v<U, T>)
      StatusOr(StatusOr<U> other)  // NOLINT: implicit by design
      : m_value(other.status()) {
    if (other.ok()) m_value = T(std::move(other).value());
  }

  bool ok() const { return std::holds_alternative<T>(m_value); }
  const Status& status() const {
    static const Status kOk;
    return ok() ? kOk : std::get<Status>(m_value);
  }
  T& value() & {
    MXI_CHECK(ok());
    return std::get<T>(m_value);
  }
  const T& value() const& {
    MXI_CHECK(ok());
    return std::get<T>(m_value);
  }
  T&& value() && {
    MXI_CHECK(ok());
    return std::get<T>(std::move(m_value));
  }
  T* operator->() { return &value(); }
  const T* operator->() const { return &value(); }
  T& operator*() & { return value(); }
  const T& operator*() const& { return value(); }

 private:
  std::variant<Status, T> m_value;
};

// `result` with "context: " in front of its failure; a value passes through. For a failure
// that names its file: `ASSIGN_OR_RETURN(auto dump, withContext(openDump(path), path));`.
template <typename T>
StatusOr<T> withContext(StatusOr<T> result, const std::string& context) {
  if (!result.ok()) return result.status().withContext(context);
  return result;
}

}  // namespace mxi::core

#define MXI_STATUS_CONCAT_INNER(a, b) a##b
#define MXI_STATUS_CONCAT(a, b) MXI_STATUS_CONCAT_INNER(a, b)

// Returns the Status from the enclosing function when `expr` failed. The local's name carries the
// line, so a RETURN_IF_ERROR inside a lambda given to another does not shadow the outer one.
#define RETURN_IF_ERROR(expr) RETURN_IF_ERROR_IMPL(MXI_STATUS_CONCAT(mxi_status_, __LINE__), expr)
#define RETURN_IF_ERROR_IMPL(var, expr) \
  do {                                  \
    ::mxi::core::Status var = (expr);   \
    if (!var.ok()) return var;          \
  } while (0)

// `ASSIGN_OR_RETURN(auto x, makeX());` binds the value or returns the error.
#define ASSIGN_OR_RETURN(lhs, expr) ASSIGN_OR_RETURN_IMPL(MXI_STATUS_CONCAT(mxi_statusor_, __LINE__), lhs, expr)
#define ASSIGN_OR_RETURN_IMPL(tmp, lhs, expr) \
  auto tmp = (expr);                          \
  if (!tmp.ok()) return tmp.status();         \
  lhs = std::move(tmp).value()
