// `dumpsys meminfo <pid|package>` and `dumpsys meminfo --local <pid>` output, read once for the agent
// (its memory sampler and leak watcher) and the desktop (`mxi parse meminfo`). Every layout from
// Android 4.3 to 14: the table's columns are found by their header names (the two header lines
// joined per column, by position under the "------" rules), never by index, because each release
// adds, renames or moves columns (Pss / Pss Total, Swapped Dirty / SwapPss Dirty, Rss Total).
// Values a layout does not print stay absent (std::nullopt), never 0. Several "** MEMINFO in pid N
// [name] **" blocks give several processes. Lines that cannot be read become problems with their
// line number; the parser never throws and never stops early. JSON-free: the agent links it
// (`mxi_meminfo_text`).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "core/base/parse_problem.h"

namespace mxi::core::meminfo {

// "App Summary" (Android 6+), in kB. totalPssKb also comes from the table's TOTAL row when there is
// no App Summary (it is the same number); totalRssKb from "TOTAL RSS:" or the TOTAL row's "Rss
// Total" column; totalSwapKb from "TOTAL SWAP (KB):" or "TOTAL SWAP PSS:".
// (The `{}` initializers let callers and tests write `{.totalPssKb = 1}` without warnings.)
struct MeminfoSummary {
  std::optional<int64_t> javaHeapKb{}, nativeHeapKb{}, codeKb{}, stackKb{}, graphicsKb{}, privateOtherKb{}, systemKb{},
      totalPssKb{}, totalRssKb{}, totalSwapKb{};
  friend bool operator==(const MeminfoSummary&, const MeminfoSummary&) = default;
};

// "Objects": instance counts the app process takes after a GC (AppContexts, Activities, WebViews
// and, on newer releases, Views and ViewRootImpl by VMDebug.countInstancesOfClasses).
struct MeminfoObjects {
  std::optional<int64_t> views{}, viewRootImpl{}, appContexts{}, activities{}, assets{}, assetManagers{},
      localBinders{}, proxyBinders{}, parcelMemoryKb{}, parcelCount{}, deathRecipients{}, openSslSockets{}, webViews{};
  friend bool operator==(const MeminfoObjects&, const MeminfoObjects&) = default;
};

// One table row; `values` holds only the cells the row prints (blank trailing cells are absent).
struct MeminfoRow {
  std::string name;                                     // "Native Heap", ".so mmap", "TOTAL"
  std::vector<std::pair<std::string, int64_t>> values;  // column name → kB, in column order

  // The cell under `column`, if the row prints one.
  std::optional<int64_t> value(std::string_view column) const;
  friend bool operator==(const MeminfoRow&, const MeminfoRow&) = default;
};

struct MeminfoProcess {
  int32_t pid = 0;
  std::string package;               // the process name between [ and ]
  std::vector<std::string> columns;  // the table's column names, e.g. "Pss Total", "Private Dirty", "Heap Size"
  std::vector<MeminfoRow> rows;      // "Native Heap", "Dalvik Heap", …, "TOTAL" (and "Dalvik Details" rows)
  MeminfoSummary summary;
  MeminfoObjects objects;

  const MeminfoRow* row(std::string_view name) const;  // nullptr when absent
  friend bool operator==(const MeminfoProcess&, const MeminfoProcess&) = default;
};

struct MeminfoReport {
  std::vector<MeminfoProcess> processes;  // in output order, incomplete blocks included (see problems)
  std::vector<ParseProblem> problems;
};

// Never throws; junk becomes problems with line numbers and byte offsets.
MeminfoReport parseMeminfo(std::string_view text);

}  // namespace mxi::core::meminfo
