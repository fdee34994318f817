// A file mapped read-only for an archive's readers, keeping few of its pages resident: readers
// say which bytes they are done with, and once those add up to a budget the whole mapping's pages
// are dropped in one call (they are the file's: a later read faults them back in from the page
// cache). One call per budget, not one per entry: each drop is a system call and a TLB flush, and
// on thousands of small entries those cost more than the reading (docs/PERFORMANCE.md).
#pragma once

#include <atomic>
#include <cstdint>
#include <string_view>

namespace mxi::core::zip {

class MappedFile {
 public:
  // Bytes read and done with before the mapping's pages are dropped.
  static constexpr uint64_t kResidentBudget = 2u << 20;

  // Takes over a PROT_READ, MAP_PRIVATE mapping of `size` bytes at `data`.
  MappedFile(const char* data, uint64_t size) : m_data(data), m_size(size) {}
  MappedFile(const MappedFile&) = delete;
  MappedFile& operator=(const MappedFile&) = delete;
  ~MappedFile();

  std::string_view bytes() const { return {m_data, static_cast<size_t>(m_size)}; }
  // `part` (of bytes()) has been read; it counts towards the budget.
  void doneWith(std::string_view part) const;
  // Drops every page now.
  void dropAll() const;

 private:
  const char* m_data;
  uint64_t m_size;
  mutable std::atomic<uint64_t> m_doneBytes{0};  // since the last drop
};

}  // namespace mxi::core::zip
