// ClassIdMap: class object id → class index, for the index build's passes (resolving
// superclasses; every instance's class in the reference pass).
#pragma once

#include <cstddef>
#include <cstdint>
#include <utility>
#include <vector>

namespace mxi::core::hprof {

// Open-addressing map from class object id to class index; small enough to stay in cache,
// which matters because every instance in the dump is looked up once.
class ClassIdMap {
 public:
  explicit ClassIdMap(size_t count) {
    size_t cap = 16;
    while (cap < count * 2) cap <<= 1;
    m_slots.assign(cap, {0, UINT32_MAX});
    m_mask = cap - 1;
  }
  // Returns false when the id is already present (the first class keeps it).
  bool insert(uint64_t id, uint32_t cls) {
    for (size_t i = hash(id);; i = (i + 1) & m_mask) {
      if (m_slots[i].second == UINT32_MAX) {
        m_slots[i] = {id, cls};
        return true;
      }
      if (m_slots[i].first == id) return false;
    }
  }
  uint32_t find(uint64_t id) const {
    for (size_t i = hash(id);; i = (i + 1) & m_mask) {
      if (m_slots[i].second == UINT32_MAX || m_slots[i].first == id) return m_slots[i].second;
    }
  }

 private:
  size_t hash(uint64_t id) const { return static_cast<size_t>((id * 0x9E3779B97F4A7C15ull) >> 32) & m_mask; }
  std::vector<std::pair<uint64_t, uint32_t>> m_slots;
  size_t m_mask;
};

}  // namespace mxi::core::hprof
