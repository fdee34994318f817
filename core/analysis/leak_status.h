// Leaking status of the objects on a leak chain, in the spirit of LeakCanary's inspectors:
// each object is judged on its own (YES / NO / UNKNOWN with a reason), then statuses
// propagate along the chain: everything before the last NO is not leaking (it holds a
// non-leaking object), everything after the first YES after it is leaking. The references
// between the last NO and the first YES are the suspects — where the leak must be fixed.
#pragma once

#include <string>
#include <vector>

#include "core/analysis/android_objects.h"

namespace mxi::core::analysis {

enum class LeakingStatus : uint8_t { kNo, kYes, kUnknown };
std::string_view leakingStatusName(LeakingStatus status);  // "NO", "YES", "UNKNOWN"

struct StatusVerdict {
  LeakingStatus status = LeakingStatus::kUnknown;
  std::string reason;
};

// Judges one object by what it is (class objects, threads, Application, main Looper,
// singletons, Android components by their state). `isRootThread`: the object is a thread GC root.
StatusVerdict inspectObject(const AndroidObjects& android, hprof::ObjectIndex object, bool isRootThread);

// Propagates along a chain (root first, leaking object last, which must be YES) and returns
// the [first, last] positions of the nodes whose incoming reference is a suspect.
struct SuspectRange {
  size_t first = 0;
  size_t last = 0;  // inclusive
};
SuspectRange propagateStatuses(std::vector<StatusVerdict>& chain, const std::vector<std::string>& classNames);

}  // namespace mxi::core::analysis
