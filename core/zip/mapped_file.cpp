#include "core/zip/mapped_file.h"

#include <sys/mman.h>

namespace mxi::core::zip {

MappedFile::~MappedFile() {
  if (m_size > 0) ::munmap(const_cast<char*>(m_data), static_cast<size_t>(m_size));
}

void MappedFile::doneWith(std::string_view part) const {
  if (m_doneBytes.fetch_add(part.size()) + part.size() >= kResidentBudget) dropAll();
}

void MappedFile::dropAll() const {
  m_doneBytes = 0;
  // MADV_DONTNEED on a private mapping that was never written only forgets the pages.
  if (m_size > 0) ::madvise(const_cast<char*>(m_data), static_cast<size_t>(m_size), MADV_DONTNEED);
}

}  // namespace mxi::core::zip
