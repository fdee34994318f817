#include "core/sessioncompare/session_compare.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <map>
#include <tuple>

#include "core/base/format_text.h"
#include "core/meminfo/memory_stats.h"
#include "core/startup/startup_session.h"

namespace mxi::core::sessioncompare {

using meminfo::kMemoryCategories;
using meminfo::MemoryCategory;
using meminfo::memoryCategoryKey;
using meminfo::memoryValues;
using session::SessionData;
using session::SessionFrame;

namespace {

std::map<std::string, std::vector<framestats::Frame>> framesByScene(const SessionData& d) {
  std::map<std::string, std::vector<framestats::Frame>> out;
  for (const SessionFrame& f : d.frames) out[d.scenes[f.scene]].push_back(f.frame);
  return out;
}

std::vector<int64_t> countedDurations(const std::vector<framestats::Frame>& frames) {
  std::vector<int64_t> out;
  out.reserve(frames.size());
  for (const auto& f : frames) {
    if (f.flags == 0) out.push_back(f.durationNs);
  }
  return out;
}

int64_t median(std::vector<int64_t> v) {
  if (v.empty()) return 0;
  std::sort(v.begin(), v.end());
  return framestats::nearestRankPercentile(v, 50);
}

struct EvilGroup {
  std::vector<int64_t> costs;
  std::string detail;
  std::string methodName;
  int64_t methodId = -1;
};

// The name the call tree gives its stackKey method ("" when undecoded or absent).
std::string stackKeyName(const matrix::CallNode& node) {
  if (node.isStackKey) return node.name;
  for (const auto& child : node.children) {
    if (std::string name = stackKeyName(child); !name.empty()) return name;
  }
  return {};
}

std::map<std::string, EvilGroup> evilByKey(const SessionData& d) {
  std::map<std::string, EvilGroup> out;
  for (const auto& si : d.issues) {
    const auto& i = si.issue;
    if (i.kind != matrix::IssueKind::kEvilMethod || i.stackKey.empty()) continue;
    auto& g = out[i.stackKey];
    g.costs.push_back(i.costMs.value_or(0));
    g.detail = i.detail;
    if (i.callTree) {
      if (std::string name = stackKeyName(*i.callTree); !name.empty()) g.methodName = std::move(name);
    }
    g.methodId = matrix::stackKeyMethodId(i.stackKey);
  }
  return out;
}

uint64_t anrCount(const SessionData& d) {
  uint64_t n = d.anrs.size();
  for (const auto& si : d.issues) {
    if (si.issue.kind == matrix::IssueKind::kEvilMethod &&
        (si.issue.detail == "ANR" || si.issue.detail == "SIGNAL_ANR")) {
      ++n;
    }
  }
  return n;
}

// Samples of one run are not independent (memory drifts), so the test alone would call small
// drifts significant: a regression also needs a growth worth acting on (thresholds).
void compareMemory(const SessionData& base, const SessionData& next, const CompareThresholds& t, SessionComparison& c) {
  for (MemoryCategory category : kMemoryCategories) {
    std::vector<int64_t> bv = memoryValues(base.memory, category), nv = memoryValues(next.memory, category);
    if (bv.empty() && nv.empty()) continue;
    MemoryDelta d;
    d.category = category;
    d.baseSamples = bv.size();
    d.nextSamples = nv.size();
    d.baseMedianKb = median(bv);
    d.nextMedianKb = median(nv);
    d.deltaKb = d.nextMedianKb - d.baseMedianKb;
    d.changePct = d.baseMedianKb > 0 ? 100.0 * static_cast<double>(d.deltaKb) / static_cast<double>(d.baseMedianKb) : 0;
    if (bv.empty() || nv.empty()) {
      d.verdict = bv.empty() ? Verdict::kNew : Verdict::kGone;
    } else if (d.baseSamples < t.minMemorySamples || d.nextSamples < t.minMemorySamples) {
      d.verdict = Verdict::kNotJudged;
    } else {
      d.test = mannWhitney(std::move(bv), std::move(nv));
      if (d.test.pGreater < t.alpha && d.changePct >= t.memoryGrowthPct && d.deltaKb >= t.memoryGrowthMinKb) {
        d.verdict = Verdict::kRegression;
        c.regressions.push_back("memory " + std::string(memoryCategoryKey(category)) +
                                formatText(": median %lld -> %lld kB (%+.1f%%, p=%.2g)",
                                           static_cast<long long>(d.baseMedianKb),
                                           static_cast<long long>(d.nextMedianKb), d.changePct, d.test.pGreater));
      } else if (d.test.pLess < t.alpha && -d.changePct >= t.memoryGrowthPct && -d.deltaKb >= t.memoryGrowthMinKb) {
        d.verdict = Verdict::kImprovement;
      }
    }
    c.memory.push_back(d);
  }
}

}  // namespace

std::string_view verdictName(Verdict v) {
  switch (v) {
    case Verdict::kSame: return "same";
    case Verdict::kRegression: return "regression";
    case Verdict::kImprovement: return "improvement";
    case Verdict::kNew: return "new";
    case Verdict::kGone: return "gone";
    case Verdict::kNotJudged: return "notJudged";
  }
  return "same";
}

SessionComparison compareSessions(const SessionData& base, const SessionData& next, const CompareThresholds& t) {
  SessionComparison c;
  // Scenes.
  const auto baseScenes = framesByScene(base), nextScenes = framesByScene(next);
  std::vector<std::string> names;
  for (const auto& [name, frames] : baseScenes) names.push_back(name);
  for (const auto& [name, frames] : nextScenes) {
    if (!baseScenes.count(name)) names.push_back(name);
  }
  for (const std::string& name : names) {
    SceneDelta d;
    d.scene = name;
    const auto b = baseScenes.find(name), n = nextScenes.find(name);
    const std::vector<framestats::Frame> empty;
    const auto& bf = b == baseScenes.end() ? empty : b->second;
    const auto& nf = n == nextScenes.end() ? empty : n->second;
    d.base = framestats::computeFrameStats(bf, t.dropThresholds);
    d.next = framestats::computeFrameStats(nf, t.dropThresholds);
    if (d.base.frames < t.minFrames || d.next.frames < t.minFrames) {
      d.verdict = bf.empty() ? Verdict::kNew : nf.empty() ? Verdict::kGone : Verdict::kNotJudged;
      c.scenes.push_back(std::move(d));
      continue;
    }
    auto bd = countedDurations(bf), nd = countedDurations(nf);
    const double bm = static_cast<double>(median(bd)), nm = static_cast<double>(median(nd));
    d.medianChangePct = bm > 0 ? 100.0 * (nm - bm) / bm : 0;
    d.test = mannWhitney(std::move(bd), std::move(nd));
    if (d.test.pGreater < t.alpha && d.medianChangePct >= t.minFrameTimeIncreasePct) {
      d.verdict = Verdict::kRegression;
      c.regressions.push_back("scene " + name +
                              formatText(": median frame time %+.1f%% (p=%.2g), FPS %.1f -> %.1f", d.medianChangePct,
                                         d.test.pGreater, d.base.fps, d.next.fps));
    } else if (d.test.pLess < t.alpha && d.medianChangePct <= -t.minFrameTimeIncreasePct) {
      d.verdict = Verdict::kImprovement;
    }
    c.scenes.push_back(std::move(d));
  }
  // Evil methods by stackKey.
  const auto be = evilByKey(base), ne = evilByKey(next);
  std::map<std::string, EvilMethodDelta> evil;
  for (const auto& [key, g] : be) {
    auto& d = evil[key];
    d.stackKey = key;
    d.methodId = g.methodId;
    d.detail = g.detail;
    d.methodName = g.methodName;
    d.baseCount = g.costs.size();
    d.baseMedianMs = median(g.costs);
    d.baseMaxMs = *std::max_element(g.costs.begin(), g.costs.end());
  }
  for (const auto& [key, g] : ne) {
    auto& d = evil[key];
    d.stackKey = key;
    d.methodId = g.methodId;
    d.detail = g.detail;
    if (!g.methodName.empty()) d.methodName = g.methodName;
    d.nextCount = g.costs.size();
    d.nextMedianMs = median(g.costs);
    d.nextMaxMs = *std::max_element(g.costs.begin(), g.costs.end());
  }
  for (auto& [key, d] : evil) {
    if (d.baseCount == 0) {
      d.verdict = Verdict::kNew;
      d.regression = t.newEvilMethodIsRegression;
    } else if (d.nextCount == 0) {
      d.verdict = Verdict::kGone;
    } else {
      const double grow = 100.0 * static_cast<double>(d.nextMedianMs - d.baseMedianMs) /
                          static_cast<double>(std::max<int64_t>(d.baseMedianMs, 1));
      if (grow >= t.evilSlowerPct && d.nextMedianMs - d.baseMedianMs >= t.evilSlowerMinMs) {
        d.verdict = Verdict::kRegression;
        d.regression = true;
      } else if (-grow >= t.evilSlowerPct && d.baseMedianMs - d.nextMedianMs >= t.evilSlowerMinMs) {
        d.verdict = Verdict::kImprovement;
      }
    }
    if (d.regression) {
      c.regressions.push_back(
          "evil method " + key + " (" + d.detail + "): " +
          (d.verdict == Verdict::kNew
               ? formatText("new, %llu x, median %lld ms", static_cast<unsigned long long>(d.nextCount),
                            static_cast<long long>(d.nextMedianMs))
               : formatText("median %lld -> %lld ms", static_cast<long long>(d.baseMedianMs),
                            static_cast<long long>(d.nextMedianMs))));
    }
    c.evilMethods.push_back(d);
  }
  std::stable_sort(c.evilMethods.begin(), c.evilMethods.end(),
                   [](const EvilMethodDelta& a, const EvilMethodDelta& b) { return a.regression > b.regression; });
  // ANRs.
  c.baseAnrs = anrCount(base);
  c.nextAnrs = anrCount(next);
  if (c.nextAnrs > c.baseAnrs) {
    c.regressions.push_back(formatText("ANRs: %llu -> %llu", static_cast<unsigned long long>(c.baseAnrs),
                                       static_cast<unsigned long long>(c.nextAnrs)));
  }
  // IO by (type, path, key): Matrix's file IO by its path, a closeable leak by its key (Matrix: the
  // acquisition stack; StrictMode's: resource + acquisition frame), so each leak is its own.
  std::map<std::tuple<int32_t, std::string, std::string>, IoDelta> io;
  auto addIo = [&](const SessionData& d, bool isNext) {
    for (const auto& si : d.issues) {
      if (!si.issue.io) continue;
      auto& e = io[{si.issue.type, si.issue.io->path, si.issue.key}];
      e.type = si.issue.type;
      e.path = si.issue.io->path;
      e.key = si.issue.key;
      (isNext ? e.nextCount : e.baseCount) += 1;
      (isNext ? e.nextCostMs : e.baseCostMs) += si.issue.io->costMs;
    }
  };
  addIo(base, false);
  addIo(next, true);
  for (auto& [key, e] : io) {
    if (e.baseCount == 0) {
      e.verdict = Verdict::kNew;
      e.regression = t.newIoIssueIsRegression;
    } else if (e.nextCount == 0) {
      e.verdict = Verdict::kGone;
    } else if (e.nextCount > e.baseCount) {
      e.verdict = Verdict::kRegression;
      e.regression = true;
    } else if (e.nextCount < e.baseCount) {
      e.verdict = Verdict::kImprovement;
    }
    if (e.regression) {
      c.regressions.push_back("io " + std::string(matrix::ioIssueTypeName(e.type)) + " " + e.path +
                              (e.key.empty() ? "" : " " + e.key) +
                              formatText(": %llu -> %llu issues", static_cast<unsigned long long>(e.baseCount),
                                         static_cast<unsigned long long>(e.nextCount)));
    }
    c.io.push_back(e);
  }
  // Startup means.
  struct Acc {
    double sum = 0;
    uint64_t n = 0;
  };
  auto startupMeans = [](const SessionData& d) {
    std::map<std::string, Acc> m;
    for (const auto& si : d.issues) {
      if (!si.issue.startup) continue;
      const auto& s = *si.issue.startup;
      auto add = [&](const char* name, const std::optional<int64_t>& v) {
        if (!v) return;
        m[name].sum += static_cast<double>(*v);
        ++m[name].n;
      };
      add("applicationCreateMs", s.applicationCreateMs);
      add("firstActivityCreateMs", s.firstActivityCreateMs);
      add("startupDurationMs", s.startupDurationMs);
    }
    return m;
  };
  const auto bs = startupMeans(base), ns = startupMeans(next);
  for (const auto& [metric, b] : bs) {
    const auto n = ns.find(metric);
    if (n == ns.end()) continue;
    StartupDelta d;
    d.metric = metric;
    d.baseMs = b.sum / static_cast<double>(b.n);
    d.nextMs = n->second.sum / static_cast<double>(n->second.n);
    d.baseCount = b.n;
    d.nextCount = n->second.n;
    d.regression = d.nextMs - d.baseMs >= static_cast<double>(t.startupSlowerMinMs) &&
                   100.0 * (d.nextMs - d.baseMs) / std::max(d.baseMs, 1.0) >= t.startupSlowerPct;
    if (d.regression)
      c.regressions.push_back("startup " + metric + formatText(": %.0f -> %.0f ms", d.baseMs, d.nextMs));
    c.startup.push_back(d);
  }
  // `mxi startup`'s runs: the same verdict `--baseline` gives, and the same size thresholds as
  // the startup means above for a regression.
  if (startup::hasStartupRuns(base) && startup::hasStartupRuns(next)) {
    auto b = startup::startupReportOf(base, "base");
    auto n = startup::startupReportOf(next, "new");
    if (b.ok() && n.ok()) c.startupRuns = startup::compareRuns(b->runs, n->runs, "base");
    if (c.startupRuns && c.startupRuns->regression && c.startupRuns->deltaPct >= t.startupSlowerPct &&
        c.startupRuns->medianDeltaMs >= static_cast<double>(t.startupSlowerMinMs)) {
      c.regressions.push_back("startup runs: " + c.startupRuns->words());
    }
  }
  compareMemory(base, next, t, c);
  c.sql = compareSql(base, next);
  return c;
}

}  // namespace mxi::core::sessioncompare
