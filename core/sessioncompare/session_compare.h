// Did NEW get worse than BASE? Per scene frame times (Mann–Whitney U, so noise is not a
// regression), drop-level distributions, evil methods by stackKey, ANRs, IO issues by type, path
// and key, startup times, memory per category (Mann–Whitney U on the samples, as for frames). Every
// verdict is driven by CompareThresholds.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "core/base/mann_whitney.h"
#include "core/framestats/frame_stats.h"
#include "core/session/session_data.h"
#include "core/startup/startup_verdict.h"

namespace mxi::core::sessioncompare {

struct CompareThresholds {
  double alpha = 0.01;                 // significance level of the frame-time test
  double minFrameTimeIncreasePct = 5;  // and the median frame time must grow at least this much
  uint64_t minFrames = 30;             // scenes with fewer frames (either side) are not judged
  double evilSlowerPct = 20;           // evil method median cost growth that counts
  int64_t evilSlowerMinMs = 50;        // … and at least this many ms
  double startupSlowerPct = 10;
  int64_t startupSlowerMinMs = 50;
  bool newEvilMethodIsRegression = true;
  bool newIoIssueIsRegression = true;
  // Memory per category: judged with `alpha` when both sides have this many samples; a regression
  // when the median grew by both this percentage and this many kB (docs/SESSIONS.md says why).
  uint64_t minMemorySamples = 10;
  double memoryGrowthPct = 10;
  int64_t memoryGrowthMinKb = 1024;
  framestats::DropThresholds dropThresholds;
};

enum class Verdict : uint8_t { kSame, kRegression, kImprovement, kNew, kGone, kNotJudged };
std::string_view verdictName(Verdict v);  // "same", "regression", "improvement", "new", "gone", "notJudged"

struct SceneDelta {
  std::string scene;
  framestats::FrameStats base, next;
  MannWhitneyResult test;
  double medianChangePct = 0;
  Verdict verdict = Verdict::kSame;
};

struct EvilMethodDelta {
  std::string stackKey;
  int64_t methodId = -1;
  std::string detail;  // of the newest issue
  // The stackKey method as its call tree names it (the session's method mapping), newest first;
  // empty when no issue's tree names it.
  std::string methodName;
  uint64_t baseCount = 0, nextCount = 0;
  int64_t baseMedianMs = 0, nextMedianMs = 0, baseMaxMs = 0, nextMaxMs = 0;
  Verdict verdict = Verdict::kSame;
  bool regression = false;
};

struct IoDelta {
  int32_t type = 0;
  std::string path;
  std::string key;  // the issue's key: a closeable leak's stack or StrictMode signature ("" for Matrix's file IO)
  uint64_t baseCount = 0, nextCount = 0;
  int64_t baseCostMs = 0, nextCostMs = 0;  // summed
  Verdict verdict = Verdict::kSame;
  bool regression = false;
};

struct StartupDelta {
  std::string metric;             // applicationCreateMs, firstActivityCreateMs, startupDurationMs
  double baseMs = 0, nextMs = 0;  // means
  uint64_t baseCount = 0, nextCount = 0;
  bool regression = false;
};

struct MemoryDelta {
  meminfo::MemoryCategory category = meminfo::MemoryCategory::kTotalPss;
  uint64_t baseSamples = 0, nextSamples = 0;
  int64_t baseMedianKb = 0, nextMedianKb = 0;  // nearest-rank medians
  int64_t deltaKb = 0;                         // next - base
  double changePct = 0;
  MannWhitneyResult test;
  Verdict verdict = Verdict::kSame;  // kNew/kGone: one side lacks the category; kNotJudged: too few samples
};

// The app's SQL per statement shape (compareSql). Informational: a statement's count follows
// what the user did in each recording, so no verdict beyond new / gone / same.
struct SqlShapeDelta {
  std::string shape;
  uint64_t baseCount = 0, nextCount = 0;
  int64_t baseTotalMs = 0, nextTotalMs = 0;
  Verdict verdict = Verdict::kSame;  // kNew: only the new session ran it; kGone: only the base did
};

struct SessionComparison {
  std::vector<SceneDelta> scenes;
  std::vector<EvilMethodDelta> evilMethods;
  uint64_t baseAnrs = 0, nextAnrs = 0;  // ANR dumps + Matrix ANR evil issues
  std::vector<IoDelta> io;
  std::vector<StartupDelta> startup;
  // Both sessions hold `mxi startup` runs: the verdict on their counted runs (docs/STARTUP.md).
  std::optional<startup::StartupVerdict> startupRuns;
  std::vector<MemoryDelta> memory;       // kMemoryCategories order, categories either side gave
  std::vector<SqlShapeDelta> sql;        // compareSql: statements per shape, by total time
  std::vector<std::string> regressions;  // one line each, human readable
  bool hasRegression() const { return !regressions.empty(); }
};

SessionComparison compareSessions(const session::SessionData& base, const session::SessionData& next,
                                  const CompareThresholds& thresholds = {});

// The SQL operations of two sessions per statement shape (core/sqlitelint's statementShape), by
// the larger of the two totals (sql_compare.cpp).
std::vector<SqlShapeDelta> compareSql(const session::SessionData& base, const session::SessionData& next);

}  // namespace mxi::core::sessioncompare
