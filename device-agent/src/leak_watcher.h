// ResourceCanary's Activity-leak watch without the SDK (docs/PROTOCOL.md "Leak watch"; the modes: docs/LEAKS.md): the
// agent tells it of each Activity the watched process destroyed (am_/wm_on_destroy_called) and, at each check, how many
// Activities that process's heap still counts after a forced GC (`dumpsys meminfo <pid>` Objects →
// Activities) and how many Activity records the system still holds for it. Logic only: the agent
// runs the tools and sends.
//
// Counts say how many destroyed Activities survive, not which, so the watch keeps an account:
//  - the baseline: the heap's excess over the system's count when the watch starts (a first check
//    before any destroy is watched) and after each verdict. Leaks from before the watch, and those
//    already reported, are in it: only a rise above it is blamed on a destroy. A destroy logged
//    after that check began counting is watched, even when read before the baseline is taken (its
//    count may have come after the heap's; if not, its cohort sees no rise: no verdict);
//  - a check right after each destroy is seen (it does not count as one of the `checks`): the
//    Activities destroyed before it began counting and since the previous check form a cohort
//    (one logged while it counted waits for the next check: each destroy is judged by a check
//    that began after it). A rise belongs to the cohort that check formed, the latest first, or,
//    as far as the system's count fell since, to one the check before formed within
//    `kRecordDropMs` of its destroys (the system may drop a record a little after the destroy is
//    logged; without the checks' wall clock: to cohorts not yet past their first own check).
//    A collected Activity adds nothing and, past its first check, is done; a later rise is never
//    pinned on it. A destroy logged after a check's counts were complete cannot explain its rise,
//    so never claims it; a destroy read late (its line still on its way at the check) logged
//    before the check began counting is judged together with the cohorts that claimed its rise;
//  - each destroy's own checks, `interval` after it and every interval after: a fall in the excess
//    releases held Activities — of the cohorts that have survived the fewest of their checks (the
//    framework lets go of an Activity soon after onDestroy); when several such cohorts are held,
//    they are merged and judged together;
//  - a cohort whose Activities all survived `checks` checks is judged: all held → each leaked;
//    none → none; some → the leaked ones named when every Activity of the cohort has the same
//    class, else one verdict naming the candidates ("one of …").
#pragma once

#include <chrono>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

namespace mxi::agent {

struct LeakVerdict {
  std::string activity;  // fully qualified class (empty in a candidates verdict)
  // A candidates verdict: `leaked` of these classes' Activities (in destroy order; their classes
  // differ) leaked, the counts cannot say which. Empty when the verdict names its Activity.
  std::vector<std::string> candidates;
  uint32_t leaked = 1;
  uint64_t destroyedAtMs = 0;  // device wall clock of the destroy's log line (the first candidate's)
  uint32_t checks = 0;         // GC-forced checks it survived
  int64_t heapActivities = 0;  // at the last check
  int64_t systemActivities = 0;
  uint32_t sequence = 0;  // 1, 2, … per watch (ref_key)
};

class LeakWatcher {
 public:
  using Clock = std::chrono::steady_clock;
  static constexpr std::chrono::milliseconds kDefaultInterval{5000};
  static constexpr uint32_t kDefaultChecks = 3;
  // How long after an Activity's destroy line the system may still list its record (it drops it
  // as the app reports the destroy, milliseconds later; a second is generous).
  static constexpr uint64_t kRecordDropMs = 1000;

  // 0 → the defaults; the interval is clamped to 500 ms..60 s, the checks to 1..20.
  void configure(uint32_t intervalMs, uint32_t checks);
  std::chrono::milliseconds interval() const { return m_interval; }
  uint32_t checks() const { return m_checks; }
  // Whether the watch is on (the first check then takes the baseline).
  void arm(bool on);
  bool armed() const { return m_armed; }
  bool hasBaseline() const { return m_hasBaseline; }

  // A destroy logged at `wallMs`; ignored when logged before the baseline's check began counting
  // (its Activity, leaked or not, is part of the baseline).
  void destroyed(std::string activity, uint64_t wallMs, Clock::time_point now);
  // A check is needed: the baseline, a destroy not yet checked, or a destroy's own check.
  bool watching() const;
  // When the next check is due (meaningful while watching()).
  Clock::time_point nextCheck() const;
  bool due(Clock::time_point now) const { return watching() && now >= nextCheck(); }
  // One check's counts; the verdicts it reaches. The device's wall clock when the check began
  // counting (`wallMs`, before meminfo ran) and when its counts were complete (`countedWallMs`,
  // after the Activity records were read; 0: not known, any destroy may explain its rise).
  std::vector<LeakVerdict> checked(int64_t heapActivities, int64_t systemActivities, Clock::time_point now,
                                   uint64_t wallMs = 0, uint64_t countedWallMs = 0);
  // The process died or restarted, or a check failed: the watch forgets its destroys and its
  // baseline (no verdicts); the next baseline is taken at `retryAt` or later.
  void reset(Clock::time_point retryAt = Clock::time_point::min());

 private:
  struct Destroyed {
    std::string activity;
    uint64_t destroyedAtMs = 0;
    Clock::time_point nextCheck;
    uint32_t survived = 0;  // its own checks it survived
  };
  struct Cohort {
    std::vector<Destroyed> members;  // in destroy order
    int64_t held = 0;                // how many of them the heap still counts
    // The latest start of counting of a check whose rise it claimed (0: none known): a destroy
    // logged before it but read after may be what that check counted.
    uint64_t claimedFromMs = 0;
    // Which rises it may claim (checked()): formed by a check whose wall clock was known (`timed`),
    // the checks since, and whether that check ended so soon after its destroys that the system
    // may still have listed their records.
    bool timed = false;
    bool recordsMayLinger = false;
    uint32_t checksSince = 0;
    uint32_t survived() const;  // the fewest checks a member survived
    bool judged(uint32_t checks) const;
    bool open() const;  // none of its members had its own check yet
    // How much of a rise it may claim at this check, of which the system dropped `recordsDropped`.
    int64_t claimLimit(int64_t recordsDropped) const;
  };
  // A rise no destroy claimed yet: only destroys logged up to `upToMs` (the end of counting of the
  // check that saw it) can explain it; after `until` it is part of the baseline. `fromMs`: when that
  // check began counting (0: not known).
  struct Rise {
    int64_t count = 0;
    uint64_t upToMs = UINT64_MAX;
    uint64_t fromMs = 0;
    Clock::time_point until;
  };
  void release(int64_t count);
  // Merges the cohorts `pick` selects (and `late`, if given) into one cohort in destroy order, at
  // the first one's place; returns that place, m_cohorts.size() when there was nothing to merge.
  size_t mergeCohorts(const std::function<bool(const Cohort&)>& pick, std::optional<Destroyed> late = std::nullopt);
  void judge(Cohort& cohort, int64_t heap, int64_t system, std::vector<LeakVerdict>& verdicts);

  std::chrono::milliseconds m_interval = kDefaultInterval;
  uint32_t m_checks = kDefaultChecks;
  bool m_armed = false;
  bool m_hasBaseline = false;
  int64_t m_baseline = 0;     // excess no watched destroy accounts for
  int64_t m_lastSystem = -1;  // the system's count at the previous check (-1: none yet)
  uint64_t m_baselineWallMs = 0;
  Clock::time_point m_retryAt = Clock::time_point::min();
  // Rises no new destroy accounted for (a destroy line may still be on its way): claimed by the
  // next destroys logged in time, else part of the baseline once an interval has passed.
  std::vector<Rise> m_unclaimed;
  std::vector<Destroyed> m_fresh;  // destroyed since the last check (or, before the baseline, read)
  std::vector<Cohort> m_cohorts;   // in destroy order
  uint32_t m_sequence = 0;
};

}  // namespace mxi::agent
