#include "core/zip/entry_bytes.h"

#include <sys/mman.h>
#include <unistd.h>

#include <cstdint>
#include <utility>

namespace mxi::core::zip {

EntryBytes EntryBytes::owning(std::string bytes) {
  EntryBytes e;
  e.m_owned = std::move(bytes);
  return e;
}

EntryBytes EntryBytes::viewing(std::string_view bytes, bool dropWhenDone) {
  EntryBytes e;
  e.m_view = bytes;
  e.m_viewing = true;
  e.m_dropWhenDone = dropWhenDone;
  return e;
}

EntryBytes::EntryBytes(EntryBytes&& other) noexcept
    : m_owned(std::move(other.m_owned)),
      m_view(other.m_view),
      m_viewing(other.m_viewing),
      m_dropWhenDone(std::exchange(other.m_dropWhenDone, false)) {}

EntryBytes& EntryBytes::operator=(EntryBytes&& other) noexcept {
  if (this != &other) {
    release();
    m_owned = std::move(other.m_owned);
    m_view = other.m_view;
    m_viewing = other.m_viewing;
    m_dropWhenDone = std::exchange(other.m_dropWhenDone, false);
  }
  return *this;
}

EntryBytes::~EntryBytes() { release(); }

void EntryBytes::doneWith(std::string_view part) const {
  if (m_dropWhenDone) dropMappedPages(part);
}

void EntryBytes::release() {
  if (m_dropWhenDone) dropMappedPages(m_view);
  m_dropWhenDone = false;
}

void dropMappedPages(std::string_view bytes) {
  if (bytes.empty()) return;
  static const uintptr_t page = static_cast<uintptr_t>(::sysconf(_SC_PAGESIZE));
  const uintptr_t begin = reinterpret_cast<uintptr_t>(bytes.data()) / page * page;
  const uintptr_t end = reinterpret_cast<uintptr_t>(bytes.data()) + bytes.size();
  // MADV_DONTNEED on a private mapping that was never written only forgets the pages.
  ::madvise(reinterpret_cast<void*>(begin), end - begin, MADV_DONTNEED);
}

}  // namespace mxi::core::zip
