// The organise pass's object table (docs/HPROF.md, "Index layout"): the scan's entries sorted
// by id, then narrowed in place from 16 bytes per object (id + packed word) to the 8-byte
// packed words, with the ids kept as ObjectIds says, and the id lookup built over them.
#include <algorithm>
#include <cstring>
#include <string>

#include "core/base/worker_pool.h"
#include "core/hprof/index_builder.h"

namespace mxi::core::hprof {

// Orders the object table by id. Dumps arrive as runs of ascending ids (heap regions, dump
// threads, a few stragglers); sortRuns() exploits that in O(n), a full sort is the fallback.
Status IndexBuilder::sortObjects() {
  auto& e = m_entries;
  e.shrinkToFit();
  if (!m_runStarts.empty() && !sortRuns()) {
    if (!reportProgress("sorting", 0, 1)) return cancelled();
    auto byId = [](const ObjectEntry& a, const ObjectEntry& b) { return a.id < b.id; };
    ObjectEntry* const halves[] = {e.begin(), e.begin() + e.size() / 2, e.end()};
    WorkerPool(2).run(2, [&](size_t half) {
      std::sort(halves[half], halves[half + 1], byId);
      return okStatus();
    });
    std::inplace_merge(halves[0], halves[1], halves[2], byId);
  }
  m_runStarts.clear();
  m_runStarts.shrink_to_fit();
  chooseIdLayout();
  buildRankTable();  // reads the ids before compactObjectTable overwrites them
  const uint64_t duplicates = compactObjectTable();
  if (duplicates) {
    m_parts.stats.warnings.push_back(std::to_string(duplicates) +
                                     " object ids occur more than once; lookups return one of them");
  }
  if (m_parts.ids.ranks.empty()) buildBuckets();
  for (GcRoot& root : m_parts.roots) root.object = objectOf(root.id);
  for (ClassInfo& c : m_parts.classes) {
    if (c.id.value) c.object = objectOf(c.id);
  }
  return okStatus();
}

bool IndexBuilder::sortRuns() {
  auto& e = m_entries;
  struct Run {
    uint32_t begin, end;
    uint32_t size() const { return end - begin; }
  };
  std::vector<Run> runs;
  uint32_t begin = 0;
  for (uint32_t start : m_runStarts) {
    runs.push_back({begin, start});
    begin = start;
  }
  runs.push_back({begin, static_cast<uint32_t>(e.size())});

  // Case 1: the runs cover disjoint id ranges (regions dumped out of address order).
  std::vector<Run> byFirstId = runs;
  std::sort(byFirstId.begin(), byFirstId.end(),
            [&](const Run& a, const Run& b) { return e[a.begin].id < e[b.begin].id; });
  bool disjoint = true;
  for (size_t r = 1; r < byFirstId.size() && disjoint; ++r) {
    disjoint = e[byFirstId[r - 1].end - 1].id < e[byFirstId[r].begin].id;
  }
  if (disjoint) {
    LargeArray<ObjectEntry> sorted;
    if (!sorted.reserve(e.size())) return false;
    sorted.resize(e.size());
    size_t at = 0;
    for (const Run& r : byFirstId) {
      std::memcpy(sorted.data() + at, e.data() + r.begin, r.size() * sizeof(ObjectEntry));
      at += r.size();
    }
    e = std::move(sorted);
    return true;
  }

  // Case 2: one run holds nearly everything and a few stragglers sit inside its range
  // (HotSpot dumps a handful of objects out of order). Sort the stragglers, then merge them
  // into the long run from the back, in place.
  const Run longest =
      *std::max_element(runs.begin(), runs.end(), [](const Run& a, const Run& b) { return a.size() < b.size(); });
  const size_t others = e.size() - longest.size();
  if (others > e.size() / 4) return false;
  std::vector<ObjectEntry> stragglers;
  stragglers.reserve(others);
  for (const Run& r : runs) {
    if (r.begin != longest.begin) stragglers.insert(stragglers.end(), e.data() + r.begin, e.data() + r.end);
  }
  std::sort(stragglers.begin(), stragglers.end(), [](const auto& a, const auto& b) { return a.id < b.id; });
  if (longest.end == e.size()) {
    // Every straggler precedes the long run (HotSpot: a few thousand objects dumped first).
    // Merge forwards in place: output position k never passes the next run entry to read
    // (longest.begin + k - j, with j ≤ longest.begin stragglers placed), and once every straggler
    // is placed the rest of the run is where it belongs already. When the stragglers' ids are
    // low, that is after a few thousand entries instead of a pass over the whole table.
    size_t i = longest.begin, j = 0, k = 0;
    for (; j < others; ++k) {
      e[k] = (i < e.size() && e[i].id <= stragglers[j].id) ? e[i++] : stragglers[j++];  // ties: as below
    }
    return true;
  }
  if (longest.begin != 0) std::memmove(e.data(), e.data() + longest.begin, longest.size() * sizeof(ObjectEntry));
  int64_t i = static_cast<int64_t>(longest.size()) - 1, j = static_cast<int64_t>(others) - 1;
  for (int64_t k = static_cast<int64_t>(e.size()) - 1; j >= 0; --k) {
    e[static_cast<size_t>(k)] = (i >= 0 && e[static_cast<size_t>(i)].id > stragglers[static_cast<size_t>(j)].id)
                                    ? e[static_cast<size_t>(i--)]
                                    : stragglers[static_cast<size_t>(j--)];
  }
  return true;
}

void IndexBuilder::chooseIdLayout() {
  ObjectIds& ids = m_parts.ids;
  const size_t n = m_entries.size();
  ids.minId = n ? m_entries.front().id : 0;
  ids.maxId = n ? m_entries.back().id : 0;
  ids.shift = m_idDifferences ? std::min(__builtin_ctzll(m_idDifferences), 3) : 0;
  ids.compact = ((ids.maxId - ids.minId) >> ids.shift) <= UINT32_MAX;
}

void IndexBuilder::buildRankTable() {
  ObjectIds& ids = m_parts.ids;
  if (!ids.compact || m_entries.empty()) return;
  // At most 8 bytes per object (objects average at most 48 id slots: 384 bytes with HotSpot's
  // 8-byte alignment) or 64 KiB; sparser ids get the buckets.
  const uint64_t budget = std::max<uint64_t>(uint64_t{m_entries.size()} * 8, 64 << 10);
  const ObjectEntry* const entries = m_entries.data();
  const uint64_t minId = ids.minId;
  const uint32_t shift = ids.shift;
  ids.inRecords = ids.ranks.build(
      m_entries.size(), [=](size_t i) { return static_cast<uint32_t>((entries[i].id - minId) >> shift); }, budget);
}

uint64_t IndexBuilder::compactObjectTable() {
  ObjectIds& ids = m_parts.ids;
  const size_t n = m_entries.size();
  // One pass: each entry's packed word moves, in place, from byte 16i + 8 to byte 8i — never
  // over an entry still to be read — and its id goes to the id table if one is kept.
  auto* bytes = reinterpret_cast<uint8_t*>(m_entries.data());
  uint64_t duplicates = 0;
  if (ids.inRecords) {
    for (size_t i = 0; i < n; ++i) std::memcpy(bytes + 8 * i, &m_entries[i].packed, 8);
  } else {
    if (ids.compact) {
      ids.ids32.resize(n);
    } else {
      ids.ids64.resize(n);
    }
    uint64_t previous = n ? m_entries.front().id + 1 : 0;  // differs from the first id
    for (size_t i = 0; i < n; ++i) {
      const ObjectEntry entry = m_entries[i];
      duplicates += entry.id == previous;
      previous = entry.id;
      if (ids.compact) {
        ids.ids32[i] = static_cast<uint32_t>((entry.id - ids.minId) >> ids.shift);
      } else {
        ids.ids64[i] = entry.id;
      }
      std::memcpy(bytes + 8 * i, &entry.packed, 8);
    }
  }
  LargeArray<uint64_t>& packed = m_parts.packed;
  packed = std::move(m_entries).reinterpretAs<uint64_t>(n);
  // The freed second half (n words, plus one spare) becomes the class and CSR-offset tables.
  MXI_CHECK(packed.capacity() >= 2 * n + 1);
  m_parts.classOfObject = reinterpret_cast<uint32_t*>(packed.data() + n);
  m_parts.refOffsets = m_parts.classOfObject + n;
  packed.shrinkToFit(2 * n + 1);
  return duplicates;
}

void IndexBuilder::buildBuckets() {
  ObjectIds& ids = m_parts.ids;
  ids.bucketStart.resize(0);
  if (m_parts.packed.empty()) return;
  // About one bucket per four objects: a search then stays within one or two cache lines,
  // and the table costs one byte per object.
  const uint64_t range = ids.maxId - ids.minId;
  const auto n = static_cast<uint32_t>(m_parts.packed.size());
  const uint64_t target = std::max<uint64_t>(1, n / 4);
  ids.bucketShift = 0;
  while ((range >> ids.bucketShift) >= target) ++ids.bucketShift;
  const uint64_t buckets = (range >> ids.bucketShift) + 1;
  ids.bucketStart.resize(buckets + 1);
  uint64_t b = 0;
  for (uint32_t i = 0; i < n; ++i) {
    const uint64_t bucket = (ids.stored(i) - ids.minId) >> ids.bucketShift;
    while (b <= bucket) ids.bucketStart[b++] = i;
  }
  while (b <= buckets) ids.bucketStart[b++] = n;
}

}  // namespace mxi::core::hprof
