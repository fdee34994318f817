#include "core/analysis/memory_budget.h"

#include <algorithm>

#include "core/base/byte_units.h"
#include "core/base/worker_pool.h"

namespace mxi::core::analysis {

namespace {
constexpr uint64_t kMargin = 64ull << 20;
}  // namespace

MemoryNeed indexMemoryNeed(uint64_t fileBytes, uint32_t idSize, unsigned threads) {
  idSize = std::max(idSize, 4u);
  threads = std::clamp(threads, 1u, 64u);
  MemoryNeed need;
  need.resident = fileBytes / 2 + kMargin;
  const uint64_t maxObjects = fileBytes / (10 + idSize);
  need.addressSpace = 16 * (maxObjects + 3) + 4 * (maxObjects + 2) + uint64_t{threads} * 4 * (fileBytes / idSize + 1);
  return need;
}

namespace {
// The tree's passes, with `beside` bytes held during them (memory_budget.h).
MemoryNeed treeNeed(uint64_t objects, uint64_t references, uint64_t beside) {
  // The retained sizes (8 n) are filled beside the passes after the search.
  const uint64_t predecessors = 2 * (9 * objects + 6 * references) + beside;
  const uint64_t semidominators = 4 * (8 * objects + references) + beside;
  const uint64_t paths = (12 + 8 + 13 + 4) * objects;
  MemoryNeed need;
  need.resident = std::max({predecessors, semidominators, paths}) + kMargin;
  // The search reserves its buckets and the lists for every edge up front (touching only what
  // it writes) beside five per-node arrays; the buckets' reservation stays while the retained
  // sizes are filled beside the predecessor pass.
  need.addressSpace = std::max(need.resident, 2 * (12 * objects + 6 * references) + beside + kMargin);
  return need;
}
}  // namespace

MemoryNeed dominatorMemoryNeed(uint64_t objects, uint64_t references) { return treeNeed(objects, references, 0); }

MemoryNeed dominatorWithPathsMemoryNeed(uint64_t objects, uint64_t references) {
  return treeNeed(objects, references, 13 * objects);  // the leak search's state
}

Status checkIndexMemory(const hprof::DumpSource& source, unsigned threads) {
  const std::span<const uint8_t> bytes = source.bytes();
  // The id size follows the NUL-terminated format string; 8 when the header is unreadable (the
  // index reports the real problem).
  uint32_t idSize = 8;
  const auto nul = std::find(bytes.begin(), bytes.begin() + std::min<size_t>(bytes.size(), 64), uint8_t{0});
  if (nul != bytes.end() && bytes.end() - nul >= 5) {
    const uint8_t* p = &*nul + 1;
    const uint32_t v = uint32_t{p[0]} << 24 | uint32_t{p[1]} << 16 | uint32_t{p[2]} << 8 | p[3];
    if (v == 4 || v == 8) idSize = v;
  }
  const unsigned used = std::min(threads ? threads : hardwareThreads(), 64u);
  const MemoryNeed need = indexMemoryNeed(bytes.size(), idSize, used);
  return checkMemory(need, readMemoryLimits(), "indexing this " + bytesText(bytes.size()) + " dump", "");
}

Status checkMemory(const MemoryNeed& need, const MemoryLimits& limits, const std::string& what,
                   const std::string& hint) {
  MemoryLimits residentOnly = limits;
  residentOnly.addressLimit = UINT64_MAX;
  const MemoryHeadroom resident = headroomOf(residentOnly);
  MemoryLimits addressOnly;
  addressOnly.addressLimit = limits.addressLimit;
  addressOnly.virtualSize = limits.virtualSize;
  const MemoryHeadroom address = headroomOf(addressOnly);
  const bool residentFits = need.resident <= resident.bytes;
  const bool addressFits = need.addressSpace <= address.bytes;
  if (residentFits && addressFits) return okStatus();
  const uint64_t needed = residentFits ? need.addressSpace : need.resident;
  const MemoryHeadroom& binding = residentFits ? address : resident;
  std::string message = "not enough memory: " + what + " needs about " + bytesText(needed) +
                        (residentFits ? " of address space" : "") + " but only " + bytesText(binding.bytes) +
                        " is available (" + binding.source + ")";
  if (!hint.empty()) message += "; " + hint;
  return resourceLimit(message);
}

}  // namespace mxi::core::analysis
