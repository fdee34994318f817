// LargeArray<T>: a growable array of trivially copyable T for index tables of up to billions of
// elements. It reserves address space up front (MAP_NORESERVE: untouched pages cost nothing),
// so it grows without reallocating or copying, and asks for transparent huge pages, which
// cuts page faults 512-fold when hundreds of MB are filled. Not thread-safe for growth;
// disjoint elements may be written from several threads.
#pragma once

#include <sys/mman.h>

#include <algorithm>
#include <cstddef>
#include <cstring>
#include <span>
#include <type_traits>
#include <utility>

#include "core/base/check.h"

namespace mxi::core {

// MADV_POPULATE_WRITE (Linux 5.14+; glibc 2.36 does not name it). Older kernels answer EINVAL.
inline constexpr int kPopulateWrite = 23;

template <typename T>
class LargeArray {
  static_assert(std::is_trivially_copyable_v<T>);

 public:
  LargeArray() = default;
  ~LargeArray() { release(); }
  LargeArray(const LargeArray&) = delete;
  LargeArray& operator=(const LargeArray&) = delete;
  LargeArray(LargeArray&& o) noexcept { *this = std::move(o); }
  LargeArray& operator=(LargeArray&& o) noexcept {
    if (this != &o) {
      release();
      m_data = std::exchange(o.m_data, nullptr);
      m_size = std::exchange(o.m_size, 0);
      m_capacity = std::exchange(o.m_capacity, 0);
    }
    return *this;
  }

  // Reserves room for `capacity` elements; returns false if the address space is unavailable.
  // Existing elements are kept.
  bool reserve(size_t capacity) {
    if (capacity <= m_capacity) return true;
    const size_t bytes = roundUp(capacity * sizeof(T));
    void* p = ::mmap(nullptr, bytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
    if (p == MAP_FAILED) return false;
#ifdef MADV_HUGEPAGE
    ::madvise(p, bytes, MADV_HUGEPAGE);
#endif
    if (m_size) std::memcpy(p, m_data, m_size * sizeof(T));
    const size_t size = m_size;
    release();
    m_data = static_cast<T*>(p);
    m_size = size;
    m_capacity = bytes / sizeof(T);
    return true;
  }

  // Appends; the caller reserved enough (checked).
  void push_back(const T& v) {
    MXI_CHECK(m_size < m_capacity);
    m_data[m_size++] = v;
  }
  // Grows or shrinks the logical size; new elements are zero (fresh pages) or stale (reused).
  void resize(size_t n) {
    MXI_CHECK(reserve(n));
    m_size = n;
  }
  // Sets every element to `value` for n elements.
  void assign(size_t n, const T& value) {
    resize(n);
    for (size_t i = 0; i < n; ++i) m_data[i] = value;
  }
  // Faults in the pages for elements [from, to) of the reservation without changing their
  // contents, so another thread may pay the page-fault cost ahead of the writer. Safe while
  // other threads write to the array (the kernel only maps pages).
  void populate(size_t from, size_t to) const {
    to = std::min(to, m_capacity);
    if (!m_data || from >= to) return;
    constexpr size_t kPage = 4096;
    const size_t begin = (from * sizeof(T)) / kPage * kPage;
    const size_t end = (to * sizeof(T) + kPage - 1) / kPage * kPage;
    ::madvise(reinterpret_cast<char*>(m_data) + begin, end - begin, kPopulateWrite);
  }
  size_t capacity() const { return m_capacity; }

  // Hands this array's storage to a LargeArray<U> of `size` elements, for in-place conversion
  // of a table into a narrower one (the caller rewrote the bytes); this array becomes empty.
  template <typename U>
  LargeArray<U> reinterpretAs(size_t size) && {
    LargeArray<U> out;
    const size_t bytes = roundUp(m_capacity * sizeof(T));
    MXI_CHECK(size * sizeof(U) <= bytes);
    out.m_data = reinterpret_cast<U*>(m_data);
    out.m_capacity = bytes / sizeof(U);
    out.m_size = size;
    m_data = nullptr;
    m_size = m_capacity = 0;
    return out;
  }

  // Returns unused reserved pages to the system (address space stays reserved); the first
  // `keep` elements' pages stay (default: size()).
  void shrinkToFit() { shrinkToFit(m_size); }
  void shrinkToFit(size_t keep) {
    const size_t used = roundUp(keep * sizeof(T));
    const size_t total = roundUp(m_capacity * sizeof(T));
    if (total > used) ::madvise(reinterpret_cast<char*>(m_data) + used, total - used, MADV_DONTNEED);
  }

  T* data() { return m_data; }
  const T* data() const { return m_data; }
  size_t size() const { return m_size; }
  bool empty() const { return m_size == 0; }
  T& operator[](size_t i) { return m_data[i]; }
  const T& operator[](size_t i) const { return m_data[i]; }
  T* begin() { return m_data; }
  T* end() { return m_data + m_size; }
  const T* begin() const { return m_data; }
  const T* end() const { return m_data + m_size; }
  const T& front() const { return m_data[0]; }
  const T& back() const { return m_data[m_size - 1]; }
  // Bytes of memory the elements occupy (what the index reports as its size).
  size_t bytes() const { return m_size * sizeof(T); }

 private:
  template <typename U>
  friend class LargeArray;
  static size_t roundUp(size_t bytes) {
    constexpr size_t kHuge = size_t{2} << 20;
    return (bytes + kHuge - 1) / kHuge * kHuge;
  }
  void release() {
    if (m_data) ::munmap(m_data, roundUp(m_capacity * sizeof(T)));
    m_data = nullptr;
    m_size = m_capacity = 0;
  }

  T* m_data = nullptr;
  size_t m_size = 0;
  size_t m_capacity = 0;
};

}  // namespace mxi::core
