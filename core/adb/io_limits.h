// How long a blocking adb call may wait and who may stop it (house rule T6). The timeout is
// an idle limit: it bounds each wait for progress, so a 500 MB push does not need a huge
// budget while a dead peer is still noticed quickly.
#pragma once

#include <chrono>

#include "core/base/cancel_token.h"

namespace mxi::core::adb {

struct IoLimits {
  std::chrono::milliseconds timeout{10000};  // <= 0: wait for ever (until cancelled)
  const CancelToken* cancel = nullptr;

  bool cancelled() const { return cancel != nullptr && cancel->isCancelled(); }
  bool unbounded() const { return timeout.count() <= 0; }
};

// Blocking waits poll in slices this long so a CancelToken set on another thread is seen soon.
inline constexpr std::chrono::milliseconds kCancelPollSlice{50};

}  // namespace mxi::core::adb
