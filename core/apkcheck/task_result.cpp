#include "core/apkcheck/task_result.h"

#include <chrono>

namespace mxi::core::apkcheck {

int64_t nowMs() {
  return std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::system_clock::now().time_since_epoch())
      .count();
}

}  // namespace mxi::core::apkcheck
