// ResourceCanary's Activity-leak watch without the SDK (docs/PROTOCOL.md "Leak watch"; the modes: docs/LEAKS.md): the
// agent tells it of each Activity the watched process destroyed (am_/wm_on_destroy_called) and, at each check, how many
// Activities that process's heap still counts after a forced GC (`dumpsys meminfo <pid>` Objects →
// Activities) and how many Activity records the system still holds for it. A destroyed Activity is
// a leak when the heap keeps counting more than the system holds for `checks` checks in a row;
// when the excess goes, it was collected. Logic only: the agent runs the tools and sends.
//
// Counts say how many destroyed Activities survive, not which. Each check gives the surviving
// count to the watched Activities that survived most checks, then to those destroyed earliest;
// the others due a check were collected (one destroyed since the previous check waits for its own).
// A check follows every destroy by `interval`, so two Activities
// destroyed more than a check apart are told apart; two destroyed between the same two checks,
// of which one leaks, are named in destroy order (docs/PROTOCOL.md says so).
#pragma once

#include <chrono>
#include <cstdint>
#include <string>
#include <vector>

namespace mxi::agent {

struct LeakVerdict {
  std::string activity;    // fully qualified class
  uint64_t destroyedAtMs;  // device wall clock of the destroy's log line
  uint32_t checks;         // GC-forced checks it survived
  int64_t heapActivities;  // at the last check
  int64_t systemActivities;
  uint32_t sequence;  // 1, 2, … per watch (ref_key)
};

class LeakWatcher {
 public:
  using Clock = std::chrono::steady_clock;
  static constexpr std::chrono::milliseconds kDefaultInterval{5000};
  static constexpr uint32_t kDefaultChecks = 3;

  // 0 → the defaults; the interval is clamped to 500 ms..60 s, the checks to 1..20.
  void configure(uint32_t intervalMs, uint32_t checks);
  std::chrono::milliseconds interval() const { return m_interval; }
  uint32_t checks() const { return m_checks; }

  void destroyed(std::string activity, uint64_t wallMs, Clock::time_point now);
  bool watching() const { return !m_watched.empty(); }
  // When the next check is due (meaningful while watching()).
  Clock::time_point nextCheck() const;
  bool due(Clock::time_point now) const { return watching() && now >= nextCheck(); }
  // One check's counts; the Activities found leaked (each once).
  std::vector<LeakVerdict> checked(int64_t heapActivities, int64_t systemActivities, Clock::time_point now);
  // The process died or the collection stopped: the watch ends without verdicts.
  void reset();

 private:
  struct Watched {
    std::string activity;
    uint64_t destroyedAtMs = 0;
    Clock::time_point destroyedAt;
    Clock::time_point nextCheck;
    uint32_t survived = 0;  // checks due for it that it survived
  };
  std::chrono::milliseconds m_interval = kDefaultInterval;
  uint32_t m_checks = kDefaultChecks;
  std::vector<Watched> m_watched;  // in destroy order
  int64_t m_reported = 0;          // leaked Activities already reported and still counted
  uint32_t m_sequence = 0;
};

}  // namespace mxi::agent
