#include "device-agent/src/leak_watcher.h"

#include <algorithm>

namespace mxi::agent {

void LeakWatcher::configure(uint32_t intervalMs, uint32_t checks) {
  m_interval =
      intervalMs == 0 ? kDefaultInterval : std::chrono::milliseconds(std::clamp<uint32_t>(intervalMs, 500, 60'000));
  m_checks = checks == 0 ? kDefaultChecks : std::clamp<uint32_t>(checks, 1, 20);
}

void LeakWatcher::arm(bool on) {
  m_armed = on;
  reset();
}

void LeakWatcher::destroyed(std::string activity, uint64_t wallMs, Clock::time_point now) {
  if (!m_armed || (m_hasBaseline && wallMs < m_baselineWallMs)) return;
  // Before the baseline: kept until its check says whether it was logged while that check counted.
  Destroyed d{std::move(activity), wallMs, now + m_interval, 0};
  // Logged before a check began counting, read after it: that check's rise, claimed by other
  // destroys, may be this one's. The counts cannot say which: judged together. (One logged while
  // the check counted is judged by the next check, as if read in time: checked().)
  auto countedWithoutIt = [&](const Cohort& c) {
    return c.held > 0 && c.claimedFromMs != 0 && wallMs <= c.claimedFromMs;
  };
  if (m_hasBaseline && std::any_of(m_cohorts.begin(), m_cohorts.end(), countedWithoutIt)) {
    mergeCohorts(countedWithoutIt, std::move(d));
    return;
  }
  m_fresh.push_back(std::move(d));
}

size_t LeakWatcher::mergeCohorts(const std::function<bool(const Cohort&)>& pick, std::optional<Destroyed> late) {
  size_t first = m_cohorts.size();
  Cohort merged;
  merged.timed = true;
  merged.checksSince = UINT32_MAX;
  for (size_t i = 0; i < m_cohorts.size(); ++i) {
    Cohort& c = m_cohorts[i];
    if (!pick(c)) continue;
    first = std::min(first, i);
    merged.held += c.held;
    merged.claimedFromMs = std::max(merged.claimedFromMs, c.claimedFromMs);
    merged.timed = merged.timed && c.timed;
    merged.recordsMayLinger = merged.recordsMayLinger || c.recordsMayLinger;
    merged.checksSince = std::min(merged.checksSince, c.checksSince);
    for (Destroyed& d : c.members) merged.members.push_back(std::move(d));
    c.members.clear();
  }
  if (first == m_cohorts.size()) return first;
  if (late) merged.members.push_back(std::move(*late));
  std::stable_sort(merged.members.begin(), merged.members.end(),
                   [](const Destroyed& a, const Destroyed& b) { return a.destroyedAtMs < b.destroyedAtMs; });
  m_cohorts[first] = std::move(merged);
  // Only cohorts after `first` were emptied: the merged one keeps its place.
  std::erase_if(m_cohorts, [](const Cohort& c) { return c.members.empty(); });
  return first;
}

bool LeakWatcher::watching() const { return m_armed && (!m_hasBaseline || !m_fresh.empty() || !m_cohorts.empty()); }

LeakWatcher::Clock::time_point LeakWatcher::nextCheck() const {
  if (!m_hasBaseline) return m_retryAt;
  if (!m_fresh.empty()) return Clock::time_point::min();  // right after the destroy
  Clock::time_point next = Clock::time_point::max();
  for (const Cohort& c : m_cohorts) {
    for (const Destroyed& d : c.members) next = std::min(next, d.nextCheck);
  }
  return next;
}

uint32_t LeakWatcher::Cohort::survived() const {
  uint32_t fewest = UINT32_MAX;
  for (const Destroyed& d : members) fewest = std::min(fewest, d.survived);
  return fewest;
}

bool LeakWatcher::Cohort::judged(uint32_t checks) const { return survived() >= checks; }

bool LeakWatcher::Cohort::open() const {
  return std::all_of(members.begin(), members.end(), [](const Destroyed& d) { return d.survived == 0; });
}

int64_t LeakWatcher::Cohort::claimLimit(int64_t recordsDropped) const {
  if (!timed) return open() ? INT64_MAX : 0;  // without the wall clock: until its own first check
  if (checksSince == 0) return INT64_MAX;     // the check right after its destroys
  // The next one, if the system may still have listed their records at that check: what it
  // dropped since. A rise in the heap's count is a later destroy's, whose line may be read late.
  return checksSince == 1 && recordsMayLinger ? recordsDropped : 0;
}

void LeakWatcher::release(int64_t count) {
  // Held cohorts that survived none of their checks first: the framework lets go of a destroyed
  // Activity soon after onDestroy. Then a rise no destroy claimed; then cohorts that survived
  // checks (a late release); what is left was a leak in the baseline that went. Where several
  // cohorts could have lost the Activity, the counts cannot say which: they are merged.
  auto releaseFrom = [&](auto&& eligible) {
    uint32_t fewest = UINT32_MAX;
    for (const Cohort& c : m_cohorts) {
      if (c.held > 0 && eligible(c)) fewest = std::min(fewest, c.survived());
    }
    const size_t at =
        mergeCohorts([&](const Cohort& c) { return c.held > 0 && eligible(c) && c.survived() == fewest; });
    if (at == m_cohorts.size()) return;
    const int64_t taken = std::min(count, m_cohorts[at].held);
    m_cohorts[at].held -= taken;
    count -= taken;
  };
  releaseFrom([](const Cohort& c) { return c.survived() == 0; });
  for (Rise& r : m_unclaimed) {
    const int64_t taken = std::min(count, r.count);
    r.count -= taken;
    count -= taken;
  }
  std::erase_if(m_unclaimed, [](const Rise& r) { return r.count == 0; });
  while (count > 0 && std::any_of(m_cohorts.begin(), m_cohorts.end(), [](const Cohort& c) { return c.held > 0; })) {
    releaseFrom([](const Cohort&) { return true; });
  }
  m_baseline = std::max<int64_t>(0, m_baseline - count);
}

void LeakWatcher::judge(Cohort& cohort, int64_t heap, int64_t system, std::vector<LeakVerdict>& verdicts) {
  const auto& members = cohort.members;
  const bool oneClass = std::all_of(members.begin(), members.end(),
                                    [&](const Destroyed& d) { return d.activity == members.front().activity; });
  if (oneClass || cohort.held >= static_cast<int64_t>(members.size())) {
    // Each leaked one is named (of one class, which instance is not known: the earliest are given).
    for (int64_t i = 0; i < cohort.held && i < static_cast<int64_t>(members.size()); ++i) {
      const Destroyed& d = members[static_cast<size_t>(i)];
      verdicts.push_back({d.activity, {}, 1, d.destroyedAtMs, d.survived, heap, system, ++m_sequence});
    }
  } else {
    LeakVerdict v{
        {},     {},          static_cast<uint32_t>(cohort.held), members.front().destroyedAtMs, cohort.survived(), heap,
        system, ++m_sequence};
    for (const Destroyed& d : members) v.candidates.push_back(d.activity);
    verdicts.push_back(std::move(v));
  }
  m_baseline += cohort.held;  // reported: from now on part of the baseline
}

std::vector<LeakVerdict> LeakWatcher::checked(int64_t heapActivities, int64_t systemActivities, Clock::time_point now,
                                              uint64_t wallMs, uint64_t countedWallMs) {
  std::vector<LeakVerdict> verdicts;
  const int64_t excess = std::max<int64_t>(0, heapActivities - systemActivities);
  if (!m_hasBaseline) {
    // Destroys read while this check ran: those logged once it began counting may not be in the
    // baseline. Dropped, a leak among them left a rise the next destroy (a collected one) claimed.
    std::vector<Destroyed> fresh = std::move(m_fresh);
    reset();
    std::erase_if(fresh, [&](const Destroyed& d) { return d.destroyedAtMs < wallMs; });
    m_fresh = std::move(fresh);
    m_hasBaseline = true;
    m_baseline = excess;
    m_baselineWallMs = wallMs;
    m_lastSystem = systemActivities;
    return verdicts;
  }
  for (const Rise& r : m_unclaimed) {
    if (now >= r.until) m_baseline += r.count;  // no destroy of ours claimed it: an unseen change
  }
  std::erase_if(m_unclaimed, [&](const Rise& r) { return now >= r.until; });
  int64_t accounted = m_baseline;
  for (const Cohort& c : m_cohorts) accounted += c.held;
  for (const Rise& r : m_unclaimed) accounted += r.count;
  int64_t rise = excess - accounted;
  if (rise < 0) {
    release(-rise);
    rise = 0;
  }
  const bool timesKnown = wallMs != 0 && countedWallMs != 0;
  if (!m_fresh.empty()) {  // the check right after their destroys
    // One logged after this check began counting may or may not be in its counts: the next check,
    // which begins after it, is its own (a loaded agent's check may run past the next destroy; a
    // collected Activity's line read with a leaked one's would have shared its rise).
    std::vector<Destroyed> later;
    if (timesKnown) {
      auto after = std::stable_partition(m_fresh.begin(), m_fresh.end(),
                                         [&](const Destroyed& d) { return d.destroyedAtMs <= wallMs; });
      later.assign(std::make_move_iterator(after), std::make_move_iterator(m_fresh.end()));
      m_fresh.erase(after, m_fresh.end());
    }
    if (!m_fresh.empty()) {
      // The system may still have listed their records if this check ended right after their
      // destroys: then the next check may see the rise too. Otherwise this one's counts are theirs.
      uint64_t latest = 0;
      for (const Destroyed& d : m_fresh) latest = std::max(latest, d.destroyedAtMs);
      Cohort formed{std::move(m_fresh)};
      formed.timed = timesKnown;
      formed.recordsMayLinger = countedWallMs < latest + kRecordDropMs;
      m_cohorts.push_back(std::move(formed));
    }
    m_fresh = std::move(later);
  }
  if (rise > 0) {
    m_unclaimed.push_back({rise, countedWallMs == 0 ? UINT64_MAX : countedWallMs, wallMs, now + m_interval});
  }
  // A rise belongs to the cohort this check formed, the latest first, or, as far as the system
  // dropped records since the previous check, to one that check formed so soon after its destroys
  // that the system may still have listed them (without the checks' wall clock: any cohort before
  // its own first check). An Activity destroyed earlier was judged by a check after its destroy:
  // a later rise is not its (a leak whose line is read late would be pinned on a collected one).
  // Only a destroy logged before the counts that saw the rise were complete can explain it.
  int64_t recordsDropped = m_lastSystem < 0 ? 0 : std::max<int64_t>(0, m_lastSystem - systemActivities);
  for (auto c = m_cohorts.rbegin(); c != m_cohorts.rend(); ++c) {
    int64_t limit = c->claimLimit(recordsDropped);
    for (Rise& r : m_unclaimed) {
      const int64_t room = static_cast<int64_t>(c->members.size()) - c->held;
      const bool inTime = std::any_of(c->members.begin(), c->members.end(),
                                      [&](const Destroyed& d) { return d.destroyedAtMs <= r.upToMs; });
      if (limit == 0 || room == 0 || r.count == 0 || !inTime) continue;
      const int64_t claimed = std::min({room, r.count, limit});
      c->held += claimed;
      r.count -= claimed;
      limit -= claimed;
      if (c->timed && c->checksSince == 1) recordsDropped -= claimed;
      c->claimedFromMs = std::max(c->claimedFromMs, r.fromMs);
    }
  }
  for (Cohort& c : m_cohorts) c.checksSince = std::min(c.checksSince, UINT32_MAX - 1) + 1;
  m_lastSystem = systemActivities;
  std::erase_if(m_unclaimed, [](const Rise& r) { return r.count == 0; });
  for (Cohort& c : m_cohorts) {
    for (Destroyed& d : c.members) {
      if (now < d.nextCheck) continue;
      ++d.survived;
      d.nextCheck = now + m_interval;
    }
  }
  for (Cohort& c : m_cohorts) {
    if (c.judged(m_checks)) judge(c, heapActivities, systemActivities, verdicts);
  }
  // Judged, or none of its Activities counted once past its first check: collected, no verdict.
  std::erase_if(m_cohorts, [&](const Cohort& c) { return c.judged(m_checks) || (c.held == 0 && !c.open()); });
  return verdicts;
}

void LeakWatcher::reset(Clock::time_point retryAt) {
  m_hasBaseline = false;
  m_baseline = 0;
  m_baselineWallMs = 0;
  m_lastSystem = -1;
  m_unclaimed.clear();
  m_fresh.clear();
  m_cohorts.clear();
  m_retryAt = retryAt;
}

}  // namespace mxi::agent
