// Invariant checks (house rule E2). They guard programming errors only: untrusted input
// must never reach a CHECK, it gets a Status instead. No side effects inside the condition.
#pragma once

#include <cstdio>
#include <cstdlib>

namespace mxi::core::detail {
[[noreturn]] inline void checkFailed(const char* cond, const char* file, int line) {
  std::fprintf(stderr, "MXI_CHECK failed: %s at %s:%d\n", cond, file, line);
  std::abort();
}
}  // namespace mxi::core::detail

#define MXI_CHECK(cond) ((cond) ? static_cast<void>(0) : ::mxi::core::detail::checkFailed(#cond, __FILE__, __LINE__))

#ifdef NDEBUG
#define MXI_DCHECK(cond) static_cast<void>(0)
#else
#define MXI_DCHECK(cond) MXI_CHECK(cond)
#endif
